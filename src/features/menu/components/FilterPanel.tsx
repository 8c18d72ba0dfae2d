import { memo } from 'react';
import type { FilterGroup } from '../menu-filter';

export interface FilterPanelProps {
  groups: readonly FilterGroup[];
  selected: ReadonlySet<string>;
  onToggle: (tagId: string) => void;
}

/**
 * The menu's left panel: a group of checkboxes per category, one per tag (SPEC §2 Menu).
 * Memoised: with 200 tags it is the biggest part of the page, and a keystroke changes nothing in it.
 */
export const FilterPanel = memo(function FilterPanel({ groups, selected, onToggle }: FilterPanelProps) {
  if (groups.length === 0) return <p className="filter-panel__empty">No filters for this menu.</p>;
  return (
    <>
      {groups.map((group) => (
        <fieldset key={group.id} className="filter-group">
          <legend className="filter-group__name">{group.name}</legend>
          <ul className="filter-group__tags">
            {group.tags.map((tag) => (
              <li key={tag.id}>
                <label className="filter-option">
                  <input type="checkbox" checked={selected.has(tag.id)} onChange={() => onToggle(tag.id)} />
                  <span>{tag.name}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
    </>
  );
});
