/**
 * The price history and the Sale mark of an item write (decisions 0292, 0293), worked out from the
 * record as it is and the write, by the server only: the local engine inside the write's SQLite
 * transaction, the cloud's catalogue function from the record the pipeline read before the write
 * (amplify/functions/common/model-write-check.ts), conditioned on that record's updatedAt. A
 * client never writes `priceHistory` (model-guards.ts refuses it); the rule is shared/sale-rule.ts.
 */
import { nextPriceHistory, priceChangeText, saleProblem } from '../../shared/sale-rule';
import { validationError } from '../errors';
import type { ModelRecord, ModelWrite } from '../model/model-writes';

/**
 * The history a record has: its own, or for an item written before histories were kept, its
 * price since its last change (true, if shorter than it was: decision 0293).
 */
function historyOf(before: Readonly<Record<string, unknown>> | null): unknown {
  if (!before) return [];
  const history = before.priceHistory;
  if (Array.isArray(history) && history.length) return history;
  const price = before.price;
  const since = before.updatedAt;
  if (typeof price !== 'number' || typeof since !== 'string' || Number.isNaN(Date.parse(since))) return [];
  return [priceChangeText({ at: new Date(since).toISOString(), price })];
}

/**
 * What an item write stores: `input` with the history it leaves when the price changes (created
 * with a price, or set to another one). A write that marks it Sale while the rule does not hold is
 * refused (ValidationError) with the rule's reason. Any other write is `input` itself.
 */
export function completeItemWrite(write: ModelWrite, before: Readonly<Record<string, unknown>> | null, now: Date): Record<string, unknown> {
  const { op, model, input } = write;
  if (model !== 'Item' || op === 'delete') return input;
  const priceSet = 'price' in input && (op === 'create' || !before || input.price !== before.price);
  const price = 'price' in input ? input.price : before?.price;
  const history = priceSet ? nextPriceHistory(historyOf(before), price, now) : historyOf(before);
  if (input.onSale === true) {
    const problem = saleProblem(price, history, now);
    if (problem) throw validationError(problem);
  }
  return priceSet ? { ...input, priceHistory: history } : input;
}

/** Whether a write's outcome depends on the record as read (the cloud conditions the write on it). */
export const dependsOnRecord = ({ op, model, input }: ModelWrite, before: ModelRecord | null): boolean =>
  model === 'Item' && op === 'update' && before !== null && ('price' in input || input.onSale === true);
