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
