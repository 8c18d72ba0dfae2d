import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { PROMOTED_STEP, PROMOTED_WINDOW, SHORT_NAME_LENGTH } from '../../../config/constants';
import { formatPrice, truncateName } from '../../../lib/format';
import { Spinner } from '../../../components/ui/Spinner';
import { usePromotedItems, type PromotedItem } from '../api/get-promoted-items';

/** Catalogue photos are portrait 3:4; these reserve the box before the image loads. */
const IMAGE_WIDTH = 240;
const IMAGE_HEIGHT = 320;

function Arrow({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function PromotedCard({ item }: { item: PromotedItem }) {
  const price = formatPrice(item.price);
  const shortName = truncateName(item.name, SHORT_NAME_LENGTH);
  return (
    <Link to={`/item/${encodeURIComponent(item.id)}`} className="product-card">
      {item.img ? (
        <img
          className="product-card__image"
          src={item.img}
          alt={item.name}
          width={IMAGE_WIDTH}
          height={IMAGE_HEIGHT}
          decoding="async"
        />
      ) : null}
      <span className="product-card__body">
        {/* The image's alt text already gives the full name to assistive technology. */}
        <span className="product-card__name" title={item.name} aria-hidden={item.img ? true : undefined}>
          {shortName}
        </span>
        {price ? <span className="product-card__price">{price}</span> : null}
      </span>
    </Link>
  );
}

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
        className="promoted__arrow promoted__arrow--prev"
        aria-label="Previous promoted items"
        disabled={atStart}
        onClick={() => move(-PROMOTED_STEP)}
      >
        <Arrow direction="left" />
      </button>
      <ul className="promoted__list">
        {visible.map((item) => (
          <li key={item.id}>
            <PromotedCard item={item} />
          </li>
        ))}
      </ul>
      <button
        ref={nextRef}
        type="button"
        className="promoted__arrow promoted__arrow--next"
        aria-label="Next promoted items"
        disabled={atEnd}
        onClick={() => move(PROMOTED_STEP)}
      >
        <Arrow direction="right" />
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
      <span className="promoted__arrow promoted__arrow--prev promoted__arrow--placeholder" aria-hidden="true" />
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
      <span className="promoted__arrow promoted__arrow--next promoted__arrow--placeholder" aria-hidden="true" />
      <div className="promoted__spinner">
        <Spinner label="Loading promoted items" />
      </div>
    </div>
  );
}

/** The home page's Promoted section (SPEC §2 Home). */
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
