/**
 * Everything derived from the one schema (amplify/data/schema.ts). `npm run gen` writes these
 * files; a test renders them again and fails when the committed copies are stale.
 */
import { generateModels } from '@aws-amplify/graphql-generator';
import { schema } from '../amplify/data/schema';
import { buildAppSyncSdl } from '../server/graphql/appsync-sdl';
import { buildModelMetas } from '../server/model/model-meta';
import { readCustomSchema, readFieldAuth } from '../server/graphql/custom-schema';
import type { ModelIntrospectionSchema } from '../server/model/introspection-types';

export const GENERATED_FILES = {
  introspection: 'shared/generated/model-introspection.json',
  appsyncSdl: 'server/generated/appsync-schema.graphql',
} as const;

export async function renderGeneratedFiles(): Promise<Record<string, string>> {
  const modelSdl = schema.transform().schema;
  const rendered = await generateModels({ schema: modelSdl, target: 'introspection', directives: '' });
  const introspectionText = Object.values(rendered)[0];
  if (!introspectionText) throw new Error('the Amplify generator returned no model introspection');
  const introspection = JSON.parse(introspectionText) as ModelIntrospectionSchema;
  const { customTypes, customOperations } = readCustomSchema(modelSdl);
  return {
    [GENERATED_FILES.introspection]: `${JSON.stringify(introspection, null, 2)}\n`,
    [GENERATED_FILES.appsyncSdl]: buildAppSyncSdl(buildModelMetas(introspection), customTypes, customOperations, readFieldAuth(modelSdl)),
  };
}
