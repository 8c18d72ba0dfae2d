/**
 * The catalogue rules of model writes in the cloud. AppSync's generated create/update/delete
 * resolvers check types only; a pipeline function of ours, placed before their DynamoDB step
 * (amplify/data/model-write-guard.ts, wired in amplify/backend.ts), invokes the catalogue function
 * with this event, and the function runs the local server's own guard
 * (server/catalogue/model-guards.ts): a department tag on every item, the built-in tags and
 * category kept, images that were uploaded here; an item's Sale mark and price history, from the
 * record as read before the write. Also what the local store refuses and AppSync's update types
 * let through: a required field set to null.
 */
import introspection from '../../../shared/generated/model-introspection.json';
import type { ModelRecord, ModelWrite } from '../../../server/model/model-writes';
import { completeItemWrite, dependsOnRecord } from '../../../server/catalogue/price-history';
import type { ModelIntrospectionSchema } from '../../../server/model/introspection-types';
import { buildModelMetas, clearedRequiredField, requiredFieldMessage, type ModelMeta } from '../../../server/model/model-meta';
import { ERROR_TYPES } from '../../../shared/error-types';
import { errorResult, type FunctionResult } from './appsync';

/** What the pipeline function sends (MODEL_WRITE_CHECK_REQUEST_TEMPLATE). */
export interface ModelWriteCheckEvent {
  /** `before`: the record as the pipeline read it before the write (null for a create or a missing one). */
  modelWriteCheck: { fieldName: string; input: Record<string, unknown> | null; before?: ModelRecord | null };
}

/**
 * What may go ahead: `input`, what the write stores when the server adds to it (an item's price
 * history); `condition`, that the record is still the one judged (MODEL_WRITE_CHECK_RESPONSE_TEMPLATE).
 */
export interface ModelWriteCheckAnswer {
  input: Record<string, unknown> | null;
  condition: { updatedAt: { eq: string } } | null;
}

export const SHOP_MODELS: readonly ModelMeta[] = buildModelMetas(introspection as unknown as ModelIntrospectionSchema);

export function isModelWriteCheck(event: object): event is ModelWriteCheckEvent {
  const check = (event as Partial<ModelWriteCheckEvent>).modelWriteCheck;
  return typeof check === 'object' && check !== null && typeof check.fieldName === 'string';
}

/** `createItem` as { op: 'create', model: 'Item' }; null for any other field. */
export function modelWriteOf(fieldName: string, models: readonly ModelMeta[] = SHOP_MODELS): Omit<ModelWrite, 'input'> | null {
  const match = /^(create|update|delete)([A-Z]\w*)$/.exec(fieldName);
  if (!match || !models.some((model) => model.name === match[2])) return null;
  return { op: match[1] as ModelWrite['op'], model: match[2]! };
}

/** Runs `guard` on the write; `{ data: true }` when it may go ahead, else the guard's error. */
export async function checkModelWrite(
  event: ModelWriteCheckEvent,
  guard: (write: ModelWrite) => Promise<void>,
  now: () => number = Date.now,
): Promise<FunctionResult> {
  const { fieldName, input } = event.modelWriteCheck;
  const write = modelWriteOf(fieldName);
  if (!write) return { error: { errorType: ERROR_TYPES.badRequest, message: `${fieldName} is not a model write`, errorInfo: null } };
  const model = SHOP_MODELS.find((meta) => meta.name === write.model)!;
  const cleared = write.op === 'update' ? clearedRequiredField(model, input ?? {}) : null;
  if (cleared) return { error: { errorType: ERROR_TYPES.validation, message: requiredFieldMessage(cleared), errorInfo: null } };
  try {
    const checked: ModelWrite = { ...write, input: input ?? {} };
    await guard(checked);
    const before = event.modelWriteCheck.before ?? null;
    const stored = completeItemWrite(checked, before, new Date(now()));
    const answer: ModelWriteCheckAnswer = {
      input: stored === checked.input ? null : stored,
      condition: before && dependsOnRecord(checked, before) ? { updatedAt: { eq: before.updatedAt } } : null,
    };
    return { data: answer };
  } catch (error) {
    return errorResult(error, `${fieldName} check`);
  }
}
