/** The package ships no types; what tests/support/structured-data.ts uses of it. */
declare module '@adobe/structured-data-validator' {
  export default class Validator {
    constructor(schemaOrgJson?: object);
    debug: boolean;
    validate(extracted: { jsonld?: object; microdata?: object; rdfa?: object; errors?: object[] }): Promise<unknown[]>;
  }
}
