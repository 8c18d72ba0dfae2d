import { useEffect, useRef, useState } from 'react';
import { PROMOTED_STEP, PROMOTED_WINDOW, SHORT_NAME_LENGTH } from '../../../config/constants';
import { truncateName } from '../../../lib/format';
import { ProductCard } from '../../../components/ui/ProductCard';
import { ChevronIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/Spinner';
import { usePromotedItems, type PromotedItem } from '../api/get-promoted-items';

/** Three cards side by side, within the 60rem wide window (a third of the phone's width). */
const PROMOTED_IMAGE_SIZES = '(max-width: 40rem) 33vw, 17rem';

/** A window of 3 promoted items with arrows; each arrow moves it by 1 and stops at the ends. */
export function PromotedCarousel({ items }: { items: readonly PromotedItem[] }) {
  const [start, setStart] = useState(0);
  const lastStart = Math.max(0, items.length - PROMOTED_WINDOW);
  const first = Math.min(start, lastStart);
  const visible = items.slice(first, first + PROMOTED_WINDOW);
  const atStart = first === 0;
  const atEnd = first >= lastStart;

  const prevRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  // A button that becomes disabled under the keyboard would drop focus to <body>: hand it over.
  useEffect(() => {
    if (atStart && document.activeElement === prevRef.current) nextRef.current?.focus();
    if (atEnd && document.activeElement === nextRef.current) prevRef.current?.focus();
  }, [atStart, atEnd]);

  const move = (delta: number) => setStart(Math.min(lastStart, Math.max(0, first + delta)));

  return (
    <div className="promoted">
      <button
        ref={prevRef}
        type="button"
        className="icon-button promoted__arrow promoted__arrow--prev"
        aria-label="Previous promoted items"
        disabled={atStart}
        onClick={() => move(-PROMOTED_STEP)}
      >
        <ChevronIcon direction="left" />
      </button>
      <ul className="promoted__list">
        {visible.map((item) => (
          <li key={item.id}>
            <ProductCard item={item} label={truncateName(item.name, SHORT_NAME_LENGTH)} sizes={PROMOTED_IMAGE_SIZES} />
          </li>
        ))}
      </ul>
      <button
        ref={nextRef}
        type="button"
        className="icon-button promoted__arrow promoted__arrow--next"
        aria-label="Next promoted items"
        disabled={atEnd}
        onClick={() => move(PROMOTED_STEP)}
      >
        <ChevronIcon direction="right" />
      </button>
      <p className="visually-hidden" aria-live="polite">
        {`Showing items ${first + 1} to ${first + visible.length} of ${items.length}`}
      </p>
    </div>
  );
}

/**
 * While loading: the carousel's exact footprint (three card outlines, arrow spaces) with a
 * spinner over it, so nothing below moves when the items arrive.
 */
function PromotedSkeleton() {
  return (
    <div className="promoted promoted--loading">
      <span className="icon-button promoted__arrow promoted__arrow--prev promoted__arrow--placeholder" aria-hidden="true" />
      <ul className="promoted__list" aria-hidden="true">
        {Array.from({ length: PROMOTED_WINDOW }, (_, index) => (
          <li key={index}>
            <span className="product-card product-card--placeholder">
              <span className="product-card__image" />
              <span className="product-card__body">
                <span className="product-card__name">&nbsp;</span>
                <span className="product-card__price">&nbsp;</span>
              </span>
            </span>
          </li>
        ))}
      </ul>
      <span className="icon-button promoted__arrow promoted__arrow--next promoted__arrow--placeholder" aria-hidden="true" />
      <div className="promoted__spinner">
        <Spinner label="Loading promoted items" />
      </div>
    </div>
  );
}

/** The home page's Promoted section (product §2 Home). */
export function PromotedItems() {
  const { data, isPending } = usePromotedItems();
  return (
    <section aria-labelledby="promoted-heading" aria-busy={isPending}>
      <h2 id="promoted-heading" className="section-heading">
        Promoted
      </h2>
      {isPending ? (
        <PromotedSkeleton />
      ) : data && data.length > 0 ? (
        <PromotedCarousel items={data} />
      ) : (
        <p className="empty-state">No promoted items right now.</p>
      )}
    </section>
  );
}
