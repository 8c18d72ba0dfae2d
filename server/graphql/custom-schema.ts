/**
 * Reads the custom types and custom queries/mutations (with their auth modes) out of the model
 * SDL that `schema.transform()` produces, for the AppSync SDL generator.
 */
import { Kind, parse, print, type DirectiveNode } from 'graphql';
import type { AuthMode, CustomOperation, CustomType } from './appsync-sdl';

function authModesOf(directives: readonly DirectiveNode[] | undefined): AuthMode[] {
  const modes = new Set<AuthMode>();
  for (const directive of directives ?? []) {
    if (directive.name.value === 'aws_api_key') modes.add('apiKey');
    if (directive.name.value === 'aws_lambda') modes.add('lambda');
    if (directive.name.value !== 'auth') continue;
    const rules = directive.arguments?.find((arg) => arg.name.value === 'rules')?.value;
    if (rules?.kind !== Kind.LIST) continue;
    for (const rule of rules.values) {
      if (rule.kind !== Kind.OBJECT) continue;
      const allow = rule.fields.find((field) => field.name.value === 'allow')?.value;
      const allowName = allow && 'value' in allow ? String(allow.value) : '';
      if (allowName === 'public') modes.add('apiKey');
      if (allowName === 'custom') modes.add('lambda');
    }
  }
  return ['apiKey', 'lambda'].filter((mode) => modes.has(mode as AuthMode)) as AuthMode[];
}

/**
 * A model's fields with their own authorization (`.authorization(...)` on the field), `Model.field`
 * to the modes that may read it: AppSync serves such a field only in those modes, and the
 * authorizer's deniedFields can withhold it from a role (an item's price history: decision 0295).
 */
export function readFieldAuth(modelSdl: string): Map<string, AuthMode[]> {
  const fieldAuth = new Map<string, AuthMode[]>();
  for (const definition of parse(modelSdl).definitions) {
    if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION) continue;
    if (!definition.directives?.some((directive) => directive.name.value === 'model')) continue;
    for (const field of definition.fields ?? []) {
      if (!field.directives?.some((directive) => directive.name.value === 'auth')) continue;
      fieldAuth.set(`${definition.name.value}.${field.name.value}`, authModesOf(field.directives));
    }
  }
  return fieldAuth;
}

export function readCustomSchema(modelSdl: string): { customTypes: CustomType[]; customOperations: CustomOperation[] } {
  const document = parse(modelSdl);
  const customTypes: CustomType[] = [];
  const customOperations: CustomOperation[] = [];
  for (const definition of document.definitions) {
    if (definition.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION) {
      const fields = (definition.fields ?? []).map((field) => ({ name: field.name.value, type: print(field.type) }));
      customTypes.push({ kind: 'input', name: definition.name.value, fields, authModes: [] });
      continue;
    }
    if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION) continue;
    const type = definition;
    const name = type.name.value;
    if (name === 'Query' || name === 'Mutation') {
      for (const field of type.fields ?? []) {
        customOperations.push({
          kind: name === 'Query' ? 'query' : 'mutation',
          name: field.name.value,
          args: (field.arguments ?? []).map((arg) => ({ name: arg.name.value, type: print(arg.type) })),
          returnType: print(field.type),
          authModes: authModesOf(field.directives),
        });
      }
    } else if (!type.directives?.some((directive) => directive.name.value === 'model')) {
      customTypes.push({
        kind: 'type',
        name,
        fields: (type.fields ?? []).map((field) => ({ name: field.name.value, type: print(field.type) })),
        authModes: authModesOf(type.directives),
      });
    }
  }
  return { customTypes, customOperations };
}
