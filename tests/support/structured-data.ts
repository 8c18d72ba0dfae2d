/**
 * Validating the JSON-LD the shop writes (decision 0227), offline. Three checks:
 * - `@adobe/structured-data-validator`, which applies Google's rich-result rules for Product and
 *   Offer (and others) and, given the schema.org vocabulary, checks every type and property name;
 * - that vocabulary, built here from the schema.org declarations `schema-dts` ships (its
 *   `schema.d.ts` is generated from schema.org's own vocabulary file: every class with its
 *   subclasses, every property with the classes it belongs to), because schema.org's
 *   `schemaorg-all-https.jsonld` cannot be downloaded here. Only what the validator reads:
 *   classes, `rdfs:subClassOf`, properties and `schema:domainIncludes`;
 * - Google's required properties for the types the validator has no rules for: Event (name,
 *   startDate, location with an address) and LocalBusiness (name, address), from Google Search
 *   Central's Event and Local Business structured-data pages.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Validator from '@adobe/structured-data-validator';

export interface Issue {
  issueMessage: string;
  severity: 'ERROR' | 'WARNING';
  rootType?: string;
  errorType?: string;
  fieldNames?: string[];
}

let vocabulary: { '@graph': object[] } | undefined;

/** schema.org's classes and properties as a JSON-LD graph, from schema-dts's declarations. */
export function schemaOrgVocabulary(): { '@graph': object[] } {
  if (vocabulary) return vocabulary;
  const require = createRequire(import.meta.url);
  const source = readFileSync(require.resolve('schema-dts/dist/schema.d.ts'), 'utf8');
  const parents = new Map<string, Set<string>>();
  const classes = new Set<string>();
  const domains = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, value: string) => (map.get(key) ?? map.set(key, new Set()).get(key)!).add(value);

  // `export type Store = StoreLeaf | AutoPartsStore | ... | LiquorStore | ... | string;`: the subclasses.
  for (const match of source.matchAll(/^export type (\w+) = ([^;]+);$/gm)) {
    const [, name, union] = match as unknown as [string, string, string];
    const members = union.split('|').map((member) => member.trim());
    if (!members.includes(`${name}Leaf`) && !members.some((member) => /^[A-Z]\w*$/.test(member) && member !== 'string')) continue;
    classes.add(name);
    for (const member of members) {
      if (/^[A-Z]\w*$/.test(member) && member !== `${name}Leaf`) add(parents, member, name);
    }
  }
  // `interface PlaceBase extends ThingBase { "address"?: ...; }`: a class's own properties.
  for (const match of source.matchAll(/^interface (\w+)Base extends [^{]+\{([\s\S]*?)^\}/gm)) {
    const [, name, body] = match as unknown as [string, string, string];
    classes.add(name);
    for (const property of body.matchAll(/^ {4}"([A-Za-z]\w*)"\??:/gm)) add(domains, property[1]!, name);
  }
  const id = (name: string) => ({ '@id': `schema:${name}` });
  vocabulary = {
    '@graph': [
      ...[...classes].map((name) => ({
        '@id': `schema:${name}`,
        '@type': 'rdfs:Class',
        ...(parents.has(name) ? { 'rdfs:subClassOf': [...parents.get(name)!].filter((parent) => parent !== name).map(id) } : {}),
      })),
      ...[...domains].map(([name, types]) => ({
        '@id': `schema:${name}`,
        '@type': 'rdf:Property',
        'schema:domainIncludes': [...types].map(id),
      })),
    ],
  };
  return vocabulary;
}

type Block = Record<string, unknown>;

/** The issues @adobe/structured-data-validator finds in these JSON-LD blocks, with the vocabulary. */
export async function validatorIssues(blocks: Block[], options: { vocabulary?: boolean } = {}): Promise<Issue[]> {
  const jsonld: Record<string, Block[]> = {};
  for (const block of blocks) {
    const type = String(block['@type']);
    (jsonld[type] ??= []).push(structuredClone(block));
  }
  const validator = new Validator(options.vocabulary === false ? undefined : schemaOrgVocabulary());
  return (await validator.validate({ jsonld, microdata: {}, rdfa: {}, errors: [] })) as Issue[];
}

const present = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:\d{2}))?$/;
const LOCAL_BUSINESS_TYPES = new Set(['LocalBusiness', 'Store', 'LiquorStore']);

function addressIssues(address: unknown, where: string): string[] {
  if (typeof address === 'string') return address.trim() ? [] : [`${where}: address is empty`];
  if (!address || typeof address !== 'object') return [`${where}: address is missing`];
  const postal = address as Block;
  if (postal['@type'] !== 'PostalAddress') return [`${where}: address is not a PostalAddress`];
  return present(postal.streetAddress) ? [] : [`${where}: address has no streetAddress`];
}

/** Google's required properties for an Event and a LocalBusiness, as messages (none: all there). */
export function googleRequiredIssues(block: Block): string[] {
  const type = String(block['@type']);
  const issues: string[] = [];
  if (type === 'Event') {
    if (!present(block.name)) issues.push('Event: name is missing');
    if (!present(block.startDate)) issues.push('Event: startDate is missing');
    else if (!ISO_DATE_TIME.test(String(block.startDate)))
      issues.push(`Event: startDate ${String(block.startDate)} is not ISO 8601 with an offset`);
    const location = block.location as Block | undefined;
    if (!location || typeof location !== 'object') issues.push('Event: location is missing');
    else {
      if (location['@type'] !== 'Place') issues.push('Event: location is not a Place');
      issues.push(...addressIssues(location.address, 'Event location'));
    }
  }
  if (LOCAL_BUSINESS_TYPES.has(type)) {
    if (!present(block.name)) issues.push(`${type}: name is missing`);
    issues.push(...addressIssues(block.address, type));
  }
  return issues;
}

/** Every problem worth failing a test for: the validator's errors, its schema.org warnings (unknown types and properties), Google's required properties. */
export async function structuredDataProblems(blocks: Block[]): Promise<string[]> {
  const issues = await validatorIssues(blocks);
  return [
    ...issues
      .filter((issue) => issue.severity === 'ERROR' || issue.errorType === 'schemaOrg')
      .map((issue) => `${issue.rootType}: ${issue.issueMessage}`),
    ...blocks.flatMap(googleRequiredIssues),
  ];
}
