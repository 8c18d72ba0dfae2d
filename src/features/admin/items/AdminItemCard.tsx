import { labelFacts } from '../../../../shared/item-facts';
import { isSaleShown } from '../../../../shared/sale-rule';
import { staffStockText } from '../../../../shared/stock';
import { Link } from 'react-router-dom';
import { ProductImage } from '../../../components/ui/ProductImage';
import { ADMIN_ITEM_NAME_LENGTH } from '../../../config/constants';
import { formatPrice, truncateName } from '../../../lib/format';
import type { AdminItem } from './item-rules';

export interface AdminItemCardProps {
  item: AdminItem;
  /** A promote or demote of this item is under way. */
  busy: boolean;
  onDelete: (item: AdminItem) => void;
  onEdit: (item: AdminItem) => void;
  onTogglePromoted: (item: AdminItem) => void;
  /** `sizes` of the card image. */
  sizes: string;
  /** Chosen for a bulk action. */
  selected: boolean;
  /** The box was clicked; `range` with Shift (select from the last box clicked). */
  onSelect: (item: AdminItem, range: boolean) => void;
}

export const adminItemPath = (id: string) => `/admin-item?id=${encodeURIComponent(id)}`;

/** Size, ABV and vintage as the label says, and the stock: the shelf's count, what is held and offered (decision 0367). */
export function AdminItemFacts({ item }: { item: AdminItem }) {
  const label = labelFacts(item)
    .map((fact) => fact.value)
    .join(' · ');
  const stock = staffStockText({ shelfStock: item.stock, heldStock: item.heldStock, stock: item.offeredStock });
  return (
    <>
      {label ? <p className="admin-item-card__facts">{label}</p> : null}
      {stock ? <p className="admin-item-card__facts">{stock}</p> : null}
    </>
  );
}

/** One item of the admin grid (product §2 Admin items). */
export function AdminItemCard({ item, busy, onDelete, onEdit, onTogglePromoted, sizes, selected, onSelect }: AdminItemCardProps) {
  const shortName = truncateName(item.name, ADMIN_ITEM_NAME_LENGTH);
  return (
    <article
      className={`card admin-item-card${item.promoted ? ' admin-item-card--promoted' : ''}${selected ? ' admin-item-card--selected' : ''}`}
      aria-label={item.name}
    >
      <label className="admin-item-card__select">
        {/* onClick, not onChange: a change event does not say whether Shift was held. */}
        <input type="checkbox" checked={selected} readOnly onClick={(event) => onSelect(item, event.shiftKey)} />
        <span className="visually-hidden">Select {item.name}</span>
      </label>
      <button
        type="button"
        className="admin-item-card__delete icon-button"
        aria-label={`Delete ${item.name}`}
        onClick={() => onDelete(item)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
      </button>
      <Link to={adminItemPath(item.id)} className="admin-product-image-link">
        <ProductImage
          item={item}
          className="admin-product-image"
          emptyClassName="admin-product-image--empty"
          sizes={sizes}
          placeholder={<span className="visually-hidden">{item.name}</span>}
        />
      </Link>
      <div className="admin-item-card__body">
        <p className="admin-item-card__name" title={shortName !== item.name ? item.name : undefined}>
          {shortName}
        </p>
        <p className="admin-item-card__price">{formatPrice(item.price) || 'No price'}</p>
        <AdminItemFacts item={item} />
        {item.promoted ? <p className="admin-item-card__badge">Promoted</p> : null}
        {isSaleShown(item, new Date()) ? <p className="admin-item-card__badge admin-item-card__badge--sale">Sale</p> : null}
      </div>
      <div className="admin-item-card__actions">
        <button
          type="button"
          className={item.promoted ? 'button button--small button--ghost' : 'button button--small'}
          aria-label={`${item.promoted ? 'Demote' : 'Promote'} ${item.name}`}
          onClick={() => onTogglePromoted(item)}
          disabled={busy}
        >
          {item.promoted ? 'Demote' : 'Promote'}
        </button>
        <button type="button" className="button button--small button--ghost" aria-label={`Edit ${item.name}`} onClick={() => onEdit(item)}>
          Edit
        </button>
      </div>
    </article>
  );
}
