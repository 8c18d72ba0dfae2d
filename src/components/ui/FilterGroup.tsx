import type { ReactNode } from 'react';
import './filter-group.css';

export interface FilterGroupProps {
  /** The category's name, the group's legend. */
  name: string;
  className?: string;
  /** Shown instead of the list when there are no options. */
  empty?: ReactNode;
  /** FilterOption elements. */
  children: ReactNode[];
}

/**
 * A category's tags as checkboxes, as the menu's filter panel shows them; the admin's Filters
 * Preview shows the same, so the staff see what visitors will.
 */
export function FilterGroup({ name, className, empty, children }: FilterGroupProps) {
  return (
    <fieldset className={className ? `filter-group ${className}` : 'filter-group'}>
      <legend className="filter-group__name">{name}</legend>
      {children.length === 0 && empty ? empty : <ul className="filter-group__tags">{children}</ul>}
    </fieldset>
  );
}

export interface FilterOptionProps {
  label: string;
  /** Items with this tag among the current results, said after the name. */
  count?: number;
  /** Left out, the checkbox keeps its own state (a preview that saves nothing). */
  checked?: boolean;
  onToggle?: () => void;
}

export function FilterOption({ label, count, checked, onToggle }: FilterOptionProps) {
  return (
    <li>
      <label className="filter-option">
        <input type="checkbox" checked={checked} onChange={onToggle} />
        <span>
          {label}
          {count === undefined ? null : (
            <>
              {' '}
              <span className="filter-option__count">({count})</span>
            </>
          )}
        </span>
      </label>
    </li>
  );
}
