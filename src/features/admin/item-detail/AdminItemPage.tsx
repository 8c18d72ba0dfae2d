import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Spinner } from '../../../components/ui/Spinner';
import { ProductImage } from '../../../components/ui/ProductImage';
import { usePageHead } from '../../../hooks/use-page-head';
import { formatPrice } from '../../../lib/format';
import { useAdminItem } from '../items/api';
import { ItemEditorModal } from '../items/ItemEditorModal';
import { usePromotion } from '../items/use-promotion';
import { AdminItemFacts } from '../items/AdminItemCard';
import { isSaleShown } from '../../../../shared/sale-rule';
import '../common/admin.css';
import './admin-item.css';

/**
 * /admin-item?id={id} (product §2): the item's name, price, image and description, with Promote or
 * Demote and Edit. Unlike the original specification, both are saved to the server (design §3).
 */
export function AdminItemPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const item = useAdminItem(id);
  const { toggle, busyIds } = usePromotion();
  const [editing, setEditing] = useState(false);
  usePageHead(item.data ? `${item.data.name} · Admin` : 'Item · Admin');

  if (!id || item.data === null) {
    return (
      <div className="admin-item">
        <h1>Item not found</h1>
        <p>{id ? 'There is no item with this id; it may have been deleted.' : 'No item was chosen.'}</p>
        <Link to="/admin-items" className="button button--ghost">
          Back to Items
        </Link>
      </div>
    );
  }
  if (item.isPending) return <Spinner label="Loading item" />;
  if (item.isError) {
    return (
      <div className="admin-item">
        <h1>Item</h1>
        <p>The item could not be loaded.</p>
        <button type="button" className="button button--ghost" onClick={() => void item.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const current = item.data;
  const price = formatPrice(current.price);
  return (
    <div className="admin-item">
      <p className="admin-item__back">
        <Link to="/admin-items">Items</Link> <span aria-hidden="true">/</span> <span>{current.name}</span>
      </p>
      <article className="admin-item__layout">
        <ProductImage
          item={current}
          className="admin-product-image admin-item__image"
          emptyClassName="admin-product-image--empty"
          sizes="(max-width: 48rem) 90vw, 24rem"
          priority
          placeholder="No image"
        />
        <div className="admin-item__details">
          <h1 className="admin-item__name">{current.name}</h1>
          <p className="admin-item__price">{price || 'No price'}</p>
          <AdminItemFacts item={current} />
          {current.promoted ? <p className="admin-item-card__badge">Promoted</p> : null}
          {isSaleShown(current, new Date()) ? <p className="admin-item-card__badge admin-item-card__badge--sale">Sale</p> : null}
          <p className="admin-item__description">{current.description || 'No description.'}</p>
          {current.upc ? <p className="admin-item__upc">UPC {current.upc}</p> : null}
          <div className="admin-item__actions">
            <button
              type="button"
              className={current.promoted ? 'button button--ghost' : 'button'}
              onClick={() => void toggle(current)}
              disabled={busyIds.has(current.id)}
            >
              {current.promoted ? 'Demote' : 'Promote'}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setEditing(true)}>
              Edit
            </button>
          </div>
        </div>
      </article>
      <ItemEditorModal open={editing} item={current} onClose={() => setEditing(false)} />
    </div>
  );
}
