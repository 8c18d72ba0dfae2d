import { useId } from 'react';
import { MENU_SORTS, type MenuSort } from '../menu-order';

export interface MenuToolbarProps {
  /** "12 items", said as a status; '' while loading or after a failure. */
  countText: string;
  inStock: boolean;
  onInStock: (inStock: boolean) => void;
  sort: MenuSort;
  onSort: (sort: MenuSort) => void;
}

/** Above the grid: how many items it shows, "In stock only" and the order (decision 0284). */
export function MenuToolbar({ countText, inStock, onInStock, sort, onSort }: MenuToolbarProps) {
  const sortId = useId();
  return (
    <div className="menu-toolbar">
      <p className="menu-results__count" role="status">
        {countText}
      </p>
      <label className="menu-toolbar__stock">
        <input type="checkbox" checked={inStock} onChange={(event) => onInStock(event.target.checked)} />
        In stock only
      </label>
      <span className="menu-toolbar__sort">
        <label htmlFor={sortId}>Sort by</label>
        <select id={sortId} value={sort} onChange={(event) => onSort(event.target.value as MenuSort)}>
          {Object.entries(MENU_SORTS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </span>
    </div>
  );
}
