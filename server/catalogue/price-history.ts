/**
 * The price history and the Sale mark of an item write (decisions 0292, 0293), worked out from the
 * record as it is and the write, by the server only: the local engine inside the write's SQLite
 * transaction, the cloud's catalogue function from the record the pipeline read before the write
 * (amplify/functions/common/model-write-check.ts), conditioned on that record's updatedAt. A
 * client never writes `priceHistory` (model-guards.ts refuses it); the rule is shared/sale-rule.ts.
 */
import { saleWriteOf } from '../../shared/sale-rule';
import { validationError } from '../errors';
import type { ModelRecord, ModelWrite } from '../model/model-writes';

/**
 * What an item write stores: `input` with the history it leaves when the price changes (created
 * with a price, or set to another one) and, when it sets the price or the Sale mark, until when
 * the mark holds (`saleEndsAt`, decision 0295). A write that marks it Sale while the rule does not hold is
 * refused (ValidationError) with the rule's reason. Any other write is `input` itself.
 */
export function completeItemWrite(write: ModelWrite, before: Readonly<Record<string, unknown>> | null, now: Date): Record<string, unknown> {
  const { op, model, input } = write;
  if (model !== 'Item' || op === 'delete') return input;
  const { history, problem, saleEndsAt } = saleWriteOf(op, before, input, now);
  if (problem) throw validationError(problem);
  if (!history && saleEndsAt === undefined) return input;
  return { ...input, ...(history ? { priceHistory: history } : {}), ...(saleEndsAt !== undefined ? { saleEndsAt } : {}) };
}

/** Whether a write's outcome depends on the record as read (the cloud conditions the write on it). */
export const dependsOnRecord = ({ op, model, input }: ModelWrite, before: ModelRecord | null): boolean =>
  model === 'Item' && op === 'update' && before !== null && ('price' in input || input.onSale === true);
