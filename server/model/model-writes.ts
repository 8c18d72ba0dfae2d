/**
 * What a model record is and what a model write does, as the store, the services and the GraphQL
 * engine all see them (design §1: one data model, two backends).
 */

/** A stored record of any model: its fields plus the id and timestamps every model has. */
export type ModelRecord = Record<string, unknown> & { id: string; createdAt: string; updatedAt: string };

export const MODEL_WRITES = ['create', 'update', 'delete'] as const;

/** A model mutation about to run, as the model-write check sees it. */
export interface ModelWrite {
  op: (typeof MODEL_WRITES)[number];
  model: string;
  input: Record<string, unknown>;
}

/** A model write as it happened: the record before (null for a create) and after (null for a delete). */
export interface WrittenModel {
  op: ModelWrite['op'];
  model: string;
  before: ModelRecord | null;
  after: ModelRecord | null;
}
