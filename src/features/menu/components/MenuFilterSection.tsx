import { useId, useState } from 'react';
import { FilterIcon } from '../../../components/ui/icons';
import type { FacetGroup } from '../menu-filter';
import { FilterPanel } from './FilterPanel';

export interface MenuFilterSectionProps {
  /** Whether the menu has filter groups at all (else "No filters for this menu."). */
  hasGroups: boolean;
  /** The groups offered for the current results. */
  offered: readonly FacetGroup[];
  selected: ReadonlySet<string>;
  loading: boolean;
  /** "12 items": how many the grid shows. */
  resultsText: string;
  onToggle: (tagId: string) => void;
  onClearTags: () => void;
}

/**
 * The menu's filters (product §4 Menu filter): on phones a button showing how many are ticked opens
 * the panel below it, and "Show 12 items" closes it; on wider screens the panel is always shown.
 */
export function MenuFilterSection({ hasGroups, offered, selected, loading, resultsText, onToggle, onClearTags }: MenuFilterSectionProps) {
  const [panelOpen, setPanelOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  return (
    <aside className="menu-filters" aria-labelledby={headingId}>
      <h2 id={headingId} className="menu-filters__heading">
        <button
          type="button"
          className="button button--ghost menu-filters__toggle"
          aria-expanded={panelOpen}
          aria-controls={panelId}
          onClick={() => setPanelOpen((open) => !open)}
        >
          <FilterIcon />
          Filters
          {selected.size > 0 ? <span className="menu-filters__count">({selected.size} selected)</span> : null}
        </button>
        <span className="menu-filters__title">Filters</span>
      </h2>
      <div id={panelId} className="menu-filters__panel" data-open={panelOpen}>
        {loading ? null : (
          <FilterPanel
            groups={offered}
            emptyText={hasGroups ? 'No filters for these items.' : 'No filters for this menu.'}
            selected={selected}
            onToggle={onToggle}
          />
        )}
        <div className="menu-filters__actions">
          {selected.size > 0 ? (
            <button type="button" className="button button--ghost" onClick={onClearTags}>
              Clear filters
            </button>
          ) : null}
          <button type="button" className="button menu-filters__done" onClick={() => setPanelOpen(false)}>
            Show {resultsText}
          </button>
        </div>
      </div>
    </aside>
  );
}
