/**
 * An item's size and stock as the storefront shows them (decisions 0283, 0285): "750 mL",
 * "4 × 250 mL"; "In stock", "Only 2 left", "Out of stock", nothing when not counted (decision
 * 0273). Imported by the menu's and the item page's own chunks only, never by the first script.
 */
import { formatBottleSize } from '../../../shared/bottle-size';
import { isSaleBadgeShown } from '../../../shared/sale-badge';
import { stockStatus } from '../../../shared/stock';
import { useRenderTime } from '../../lib/hydration';
import './item-facts.css';

export interface SizeAndStock {
  sizeMl?: number | null;
  packCount?: number | null;
  stock?: number | null;
}

/** What the Sale badge is decided from: the mark and until when the server found it holds (shared/sale-rule.ts). */
export interface SaleSource {
  onSale?: boolean | null;
  saleEndsAt?: string | null;
}

/**
 * "Sale", as text (not colour alone), while the item is marked Sale and New York's rule holds
 * (decisions 0292, 0295): decided here from the mark and `saleEndsAt`, which the server sets
 * from the history it keeps to itself, so a lapsed sale shows nothing. Never a former price.
 */
export function SaleBadge({ item }: { item: SaleSource }) {
  return isSaleBadgeShown(item, useRenderTime()) ? <span className="sale-badge">Sale</span> : null;
}

/** The stock badge; `hideInStock` leaves "In stock" out (the menu's cards say only what warns). */
export function StockBadge({ stock, hideInStock = false }: { stock?: number | null; hideInStock?: boolean }) {
  const status = stockStatus(stock);
  if (!status || (hideInStock && status.level === 'in')) return null;
  return <span className={`stock-badge stock-badge--${status.level}`}>{status.label}</span>;
}

/** A menu card's line under the price: the Sale badge, the size and, when it warns, the stock. */
export function CardFacts({ item }: { item: SizeAndStock & SaleSource }) {
  const size = formatBottleSize(item.sizeMl, item.packCount);
  const status = stockStatus(item.stock);
  const warns = status && status.level !== 'in';
  const sale = isSaleBadgeShown(item, useRenderTime());
  if (!size && !warns && !sale) return null;
  return (
    <span className="card-facts">
      {sale ? <span className="sale-badge">Sale</span> : null}
      {size ? <span className="card-facts__size">{size}</span> : null}
      <StockBadge stock={item.stock} hideInStock />
    </span>
  );
}
