import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ProductImage } from '../../../components/ui/ProductImage';
import { ChevronIcon } from '../../../components/ui/icons';
import { SHORT_NAME_LENGTH } from '../../../config/constants';
import { formatPrice, truncateName } from '../../../lib/format';
import { adminItemPath } from '../items/AdminItemCard';
import type { AdminItem } from '../items/item-rules';

export interface PromotedRowProps {
  items: readonly AdminItem[];
  busyIds: ReadonlySet<string>;
  onDemote: (item: AdminItem) => void;
}

/**
 * The Promotional Items row (product §2): every promoted item in a row that scrolls sideways, with
 * left and right arrows moving it by one card (disabled at either end).
 */
export function PromotedRow({ items, busyIds, onDemote }: PromotedRowProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(true);

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    setAtStart(list.scrollLeft <= 2);
    setAtEnd(list.scrollLeft + list.clientWidth >= list.scrollWidth - 2);
  }, []);

  useEffect(() => {
    measure();
    const list = listRef.current;
    if (!list || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, [measure, items]);

  const step = (direction: 1 | -1) => {
    const list = listRef.current;
    const card = list?.querySelector('li');
    if (!list || !card) return;
    const gap = parseFloat(getComputedStyle(list).columnGap) || 0;
    list.scrollBy({ left: direction * (card.getBoundingClientRect().width + gap), behavior: 'smooth' });
  };

  return (
    <div className="promoted-row">
      <button
        type="button"
        className="icon-button promoted-row__arrow"
        aria-label="Scroll promoted items left"
        disabled={atStart}
        onClick={() => step(-1)}
      >
        <ChevronIcon direction="left" />
      </button>
      <ul ref={listRef} className="promoted-row__list" aria-label="Promotional Items" onScroll={measure}>
        {items.map((item) => {
          const shortName = truncateName(item.name, SHORT_NAME_LENGTH);
          return (
            <li key={item.id} className="promoted-row__card">
              <Link to={adminItemPath(item.id)} className="admin-product-image-link">
                <ProductImage
                  item={item}
                  className="admin-product-image"
                  sizes="9rem"
                  placeholder={<span className="visually-hidden">{item.name}</span>}
                />
              </Link>
              <p className="promoted-row__name" title={item.name} aria-hidden={shortName !== item.name || undefined}>
                {shortName}
              </p>
              <p className="promoted-row__price">{formatPrice(item.price)}</p>
              <button
                type="button"
                className="button button--small button--ghost"
                aria-label={`Demote ${item.name}`}
                disabled={busyIds.has(item.id)}
                onClick={() => onDemote(item)}
              >
                Demote
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="icon-button promoted-row__arrow"
        aria-label="Scroll promoted items right"
        disabled={atEnd}
        onClick={() => step(1)}
      >
        <ChevronIcon direction="right" />
      </button>
    </div>
  );
}
