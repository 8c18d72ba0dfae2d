import { memo } from 'react';
import { FilterGroup, FilterOption } from '../../../components/ui/FilterGroup';
import type { FacetGroup } from '../menu-filter';

export interface FilterPanelProps {
  /** The offered groups: each tag with its count for the current selection. */
  groups: readonly FacetGroup[];
  /** Said when no group is offered. */
  emptyText: string;
  selected: ReadonlySet<string>;
  onToggle: (tagId: string) => void;
}

/**
 * The menu's left panel: a group of checkboxes per category, one per tag with its count (product §2
 * Menu, decision 0188). Memoised: with 200 tags it is the biggest part of the page; its counts follow
 * the search once typing pauses, so a keystroke does not re-render it.
 */
export const FilterPanel = memo(function FilterPanel({ groups, emptyText, selected, onToggle }: FilterPanelProps) {
  if (groups.length === 0) return <p className="filter-panel__empty">{emptyText}</p>;
  return (
    <>
      {groups.map((group) => (
        <FilterGroup key={group.id} name={group.name}>
          {group.tags.map((tag) => (
            <FilterOption
              key={tag.id}
              label={tag.name}
              count={tag.count}
              checked={selected.has(tag.id)}
              onToggle={() => onToggle(tag.id)}
            />
          ))}
        </FilterGroup>
      ))}
    </>
  );
});
