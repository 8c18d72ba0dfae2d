/**
 * The price history and the Sale mark of an item write (decisions 0292, 0293), and the stock it
 * offers from a count of the shelf (decision 0367), worked out from the
 * record as it is and the write, by the server only: the local engine inside the write's SQLite
 * transaction, the cloud's catalogue function from the record the pipeline read before the write
 * (amplify/functions/common/model-write-check.ts), conditioned on that record's updatedAt. A
 * client never writes `priceHistory` (model-guards.ts refuses it); the rule is shared/sale-rule.ts.
 */
import { saleWriteOf } from '../../shared/sale-rule';
import { moveStock } from '../../shared/stock';
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
  const counted = countedStock(input, before);
  if (!history && saleEndsAt === undefined && !counted) return input;
  return {
    ...input,
    ...(history ? { priceHistory: history } : {}),
    ...(saleEndsAt !== undefined ? { saleEndsAt } : {}),
    ...counted,
  };
}

/**
 * A write of `stock` is a count of the shelf (the editor, an import, the till's stock file): kept
 * as `shelfStock`, and what visitors are offered is that less the bottles reservations hold now
 * (decision 0367). Null when the write does not count.
 */
function countedStock(input: Record<string, unknown>, before: Readonly<Record<string, unknown>> | null) {
  if (!('stock' in input)) return null;
  const { shelfStock, stock } = moveStock(
    { heldStock: typeof before?.heldStock === 'number' ? before.heldStock : 0 },
    { kind: 'count', shelf: typeof input.stock === 'number' ? input.stock : null },
  );
  return { shelfStock, stock };
}

/** Whether a write's outcome depends on the record as read (the cloud conditions the write on it). */
export const dependsOnRecord = ({ op, model, input }: ModelWrite, before: ModelRecord | null): boolean =>
  model === 'Item' && op === 'update' && before !== null && ('price' in input || input.onSale === true || 'stock' in input);
