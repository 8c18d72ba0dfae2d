/**
 * What the local server needs to know about each model, derived once from the model
 * introspection that `npm run gen` writes (the same file the browser client uses).
 */
import type { ModelIntrospectionSchema } from './introspection-types';

export type ScalarKind =
  | 'ID'
  | 'String'
  | 'Int'
  | 'Float'
  | 'Boolean'
  | 'AWSDate'
  | 'AWSTime'
  | 'AWSDateTime'
  | 'AWSTimestamp'
  | 'AWSEmail'
  | 'AWSJSON'
  | 'AWSURL'
  | 'AWSPhone'
  | 'AWSIPAddress';

export interface ScalarField {
  name: string;
  type: ScalarKind;
  isArray: boolean;
  isRequired: boolean;
  /** createdAt / updatedAt: set by the server, never by the client. */
  isReadOnly: boolean;
}

/** What both backends answer when a write leaves a required field empty. */
export const requiredFieldMessage = (field: string) => `${field} is required`;

/**
 * The first required field an update would clear (set to null), or null. AppSync's update input
 * types let every field be null, and its DynamoDB resolver then removes the attribute, so the
 * cloud checks this before the write (amplify/functions/common/model-write-check.ts).
 */
export function clearedRequiredField(model: ModelMeta, input: Record<string, unknown>): string | null {
  return (
    model.scalars.find((field) => field.isRequired && !field.isReadOnly && field.name !== 'id' && input[field.name] === null)?.name ?? null
  );
}

export interface HasManyField {
  name: string;
  kind: 'hasMany';
  target: string;
  foreignKey: string;
}
export interface BelongsToField {
  name: string;
  kind: 'belongsTo';
  target: string;
  foreignKey: string;
}
export type RelationField = HasManyField | BelongsToField;

export type ModelOperation = 'get' | 'list' | 'create' | 'update' | 'delete';

export interface ModelMeta {
  name: string;
  pluralName: string;
  /** Column order: id first, then the declared scalars, then createdAt/updatedAt. */
  scalars: ScalarField[];
  scalarByName: Map<string, ScalarField>;
  relations: RelationField[];
  /** Operations the API exposes (disableOperations removes some). */
  operations: Set<ModelOperation>;
  /** Operations the API key (the public) may call. */
  publicOperations: Set<ModelOperation>;
  /** Whether the custom (Lambda) authorizer mode applies at all. */
  customAuth: boolean;
}

const SCALARS = new Set<string>([
  'ID',
  'String',
  'Int',
  'Float',
  'Boolean',
  'AWSDate',
  'AWSTime',
  'AWSDateTime',
  'AWSTimestamp',
  'AWSEmail',
  'AWSJSON',
  'AWSURL',
  'AWSPhone',
  'AWSIPAddress',
]);

const ALL_OPERATIONS: ModelOperation[] = ['get', 'list', 'create', 'update', 'delete'];

/** Maps an auth rule's operations (read/create/update/delete) onto API operations. */
function ruleOperations(ops: string[] | undefined): ModelOperation[] {
  const list = ops ?? ['read', 'create', 'update', 'delete'];
  return list.flatMap((op): ModelOperation[] => (op === 'read' ? ['get', 'list'] : [op as ModelOperation]));
}

function enabledOperations(modelProps: Record<string, unknown> | undefined): Set<ModelOperation> {
  const enabled = new Set<ModelOperation>(ALL_OPERATIONS);
  if (!modelProps) return enabled;
  if (modelProps.queries === null) {
    enabled.delete('get');
    enabled.delete('list');
  }
  if (modelProps.mutations === null) {
    enabled.delete('create');
    enabled.delete('update');
    enabled.delete('delete');
  }
  const queries = modelProps.queries as Record<string, unknown> | undefined;
  if (queries && typeof queries === 'object') {
    if (!('get' in queries)) enabled.delete('get');
    if (!('list' in queries)) enabled.delete('list');
  }
  const mutations = modelProps.mutations as Record<string, unknown> | undefined;
  if (mutations && typeof mutations === 'object') {
    for (const op of ['create', 'update', 'delete'] as const) if (!(op in mutations)) enabled.delete(op);
  }
  return enabled;
}

export function buildModelMetas(introspection: ModelIntrospectionSchema): ModelMeta[] {
  return Object.values(introspection.models).map((model) => {
    const scalars: ScalarField[] = [];
    const relations: RelationField[] = [];
    for (const field of Object.values(model.fields)) {
      if (typeof field.type === 'string') {
        if (!SCALARS.has(field.type)) throw new Error(`${model.name}.${field.name}: unsupported type ${field.type}`);
        scalars.push({
          name: field.name,
          type: field.type as ScalarKind,
          isArray: field.isArray,
          isRequired: field.isRequired,
          isReadOnly: field.isReadOnly === true,
        });
      } else if ('model' in field.type && field.association) {
        const { association } = field;
        if (association.connectionType === 'HAS_MANY') {
          relations.push({ name: field.name, kind: 'hasMany', target: field.type.model, foreignKey: association.associatedWith![0]! });
        } else if (association.connectionType === 'BELONGS_TO') {
          relations.push({ name: field.name, kind: 'belongsTo', target: field.type.model, foreignKey: association.targetNames![0]! });
        } else {
          throw new Error(`${model.name}.${field.name}: unsupported relation ${association.connectionType}`);
        }
      } else {
        throw new Error(`${model.name}.${field.name}: unsupported field type`);
      }
    }
    const modelAttr = model.attributes?.find((attr) => attr.type === 'model');
    const authAttr = model.attributes?.find((attr) => attr.type === 'auth');
    const rules = (authAttr?.properties?.rules ?? []) as Array<{ allow: string; provider?: string; operations?: string[] }>;
    const operations = enabledOperations(modelAttr?.properties);
    const publicOperations = new Set(
      rules
        .filter((rule) => rule.allow === 'public' && (rule.provider ?? 'apiKey') === 'apiKey')
        .flatMap((rule) => ruleOperations(rule.operations))
        .filter((op) => operations.has(op)),
    );
    return {
      name: model.name,
      pluralName: model.pluralName,
      scalars,
      scalarByName: new Map(scalars.map((field) => [field.name, field])),
      relations,
      operations,
      publicOperations,
      customAuth: rules.some((rule) => rule.allow === 'custom'),
    };
  });
}
