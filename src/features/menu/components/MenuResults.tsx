import { lazy, memo, Suspense, useState } from 'react';
import { ProductCard } from '../../../components/ui/ProductCard';
import { CardFacts } from '../../../components/shop/ItemFactsBits';
import { ROLE_USER } from '../../../../shared/roles';
import { useSession } from '../../../lib/auth';
import { departmentPicture } from '../../../../shared/department-picture';
import type { MenuItem } from '../menu-filter';

// A card's "Add to pickup list" (decision 0318): guests see none, so its code loads only for a
// signed-in customer and /menu's first load stays within its budget (design §4).
const AddToPickupList = lazy(() => import('../../pickup/AddToPickupList'));

/** Cards drawn per step: the grid stays quick with thousands of items, "Show more" adds more. */
export const RESULTS_STEP = 24;

/** How wide a card's image is at each of the grid's layouts (see menu.css). */
const MENU_IMAGE_SIZES = '(max-width: 799px) 88px, (max-width: 1079px) 112px, (max-width: 1199px) 432px, (max-width: 1499px) 256px, 192px';

/** Cards in the first row load at once; the rest as they come near the viewport. */
const EAGER_CARDS = 4;

export interface MenuResultsProps {
  items: readonly MenuItem[];
  /** Changes whenever the filters do, which starts the list at its first step again. */
  filterKey: string;
}

/** The product grid (image, name, price, size and a stock warning: decision 0283); each card opens /item/{id}. Memoised: it changes only with the results. */
export const MenuResults = memo(function MenuResults({ items, filterKey }: MenuResultsProps) {
  const [shown, setShown] = useState({ filterKey, count: RESULTS_STEP });
  const count = shown.filterKey === filterKey ? shown.count : RESULTS_STEP;
  const rest = items.length - count;
  const customer = useSession()?.role === ROLE_USER;
  return (
    <>
      <ul className="menu-grid">
        {items.slice(0, count).map((item, index) => (
          <li key={item.id}>
            <ProductCard item={item} sizes={MENU_IMAGE_SIZES} eager={index < EAGER_CARDS} fallback={departmentPicture(item.tags)}>
              <CardFacts item={item} />
            </ProductCard>
            {/* Outside the card's link: a control inside a link is not allowed (decision 0318). */}
            {customer ? (
              <Suspense fallback={null}>
                <AddToPickupList item={item} compact />
              </Suspense>
            ) : null}
          </li>
        ))}
      </ul>
      {rest > 0 ? (
        <p className="menu-more">
          <button type="button" className="button" onClick={() => setShown({ filterKey, count: count + RESULTS_STEP })}>
            Show {Math.min(rest, RESULTS_STEP)} more
          </button>
        </p>
      ) : null}
    </>
  );
});
