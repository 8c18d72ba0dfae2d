/** The parts of Amplify's model introspection (amplify_outputs.json `data.model_introspection`) we read. */
export interface IntrospectionField {
  name: string;
  isArray: boolean;
  type: string | { model: string } | { nonModel: string } | { enum: string };
  isRequired: boolean;
  isReadOnly?: boolean;
  isArrayNullable?: boolean;
  attributes?: unknown[];
  association?: { connectionType: 'HAS_MANY' | 'BELONGS_TO' | 'HAS_ONE'; associatedWith?: string[]; targetNames?: string[] };
  arguments?: Record<
    string,
    { name: string; isArray: boolean; type: string | { input: string } | { nonModel: string }; isRequired: boolean }
  >;
}

export interface IntrospectionModel {
  name: string;
  pluralName: string;
  fields: Record<string, IntrospectionField>;
  attributes?: Array<{ type: string; properties?: Record<string, unknown> }>;
  primaryKeyInfo: { primaryKeyFieldName: string; sortKeyFieldNames: string[] };
}

export interface ModelIntrospectionSchema {
  version: number;
  models: Record<string, IntrospectionModel>;
  enums: Record<string, { name: string; values: string[] }>;
  nonModels: Record<string, { name: string; fields: Record<string, IntrospectionField> }>;
  queries?: Record<string, IntrospectionField>;
  mutations?: Record<string, IntrospectionField>;
}
