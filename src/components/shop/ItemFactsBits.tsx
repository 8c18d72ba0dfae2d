/**
 * An item's size and stock as the storefront shows them (decisions 0283, 0285): "750 mL",
 * "4 × 250 mL"; "In stock", "Only 2 left", "Out of stock", nothing when not counted (decision
 * 0273). Imported by the menu's and the item page's own chunks only, never by the first script.
 */
import { formatBottleSize } from '../../../shared/bottle-size';
import { stockStatus } from '../../../shared/stock';
import './item-facts.css';

export interface SizeAndStock {
  sizeMl?: number | null;
  packCount?: number | null;
  stock?: number | null;
}

/** The stock badge; `hideInStock` leaves "In stock" out (the menu's cards say only what warns). */
export function StockBadge({ stock, hideInStock = false }: { stock?: number | null; hideInStock?: boolean }) {
  const status = stockStatus(stock);
  if (!status || (hideInStock && status.level === 'in')) return null;
  return <span className={`stock-badge stock-badge--${status.level}`}>{status.label}</span>;
}

/** A menu card's line under the price: the size and, when it warns, the stock. */
export function CardFacts({ item }: { item: SizeAndStock }) {
  const size = formatBottleSize(item.sizeMl, item.packCount);
  const status = stockStatus(item.stock);
  const warns = status && status.level !== 'in';
  if (!size && !warns) return null;
  return (
    <span className="card-facts">
      {size ? <span className="card-facts__size">{size}</span> : null}
      <StockBadge stock={item.stock} hideInStock />
    </span>
  );
}
