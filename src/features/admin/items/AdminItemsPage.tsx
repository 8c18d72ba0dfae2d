import { useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePageHead } from '../../../hooks/use-page-head';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { ConfirmDeleteModal } from '../common/ConfirmDeleteModal';
import { QueryState } from '../common/QueryState';
import { runWrite } from '../common/run-write';
import { AdminItemCard } from './AdminItemCard';
import { BulkActionBar } from './BulkActionBar';
import { ExportItemsButton } from './ExportItemsButton';
import { ImportItemsButton } from './ImportItemsDialog';
import { TillFeedStatus } from './TillFeedStatus';
import { GoogleFeedsLine } from './GoogleFeedsLine';
import { toggleSelection } from './item-selection';
import { useAdminItems, useItemWrites } from './api';
import { ItemEditorModal } from './ItemEditorModal';
import {
  filterItemNeeds,
  ITEM_MESSAGES,
  ITEM_NEEDS,
  parseItemNeeds,
  searchItems,
  sortItems,
  type AdminItem,
  type ItemNeed,
  type ItemSort,
} from './item-rules';
import { SortMenu } from './SortMenu';
import { usePromotion } from './use-promotion';
import '../common/admin.css';
import './admin-items.css';

/** Up to 7 columns in a main area about 72rem wide; fewer on narrower screens (admin-items.css). */
const CARD_SIZES = '(max-width: 40rem) 50vw, (max-width: 64rem) 25vw, 11rem';

type EditorState = { open: false } | { open: true; item: AdminItem | null };

/** /admin-items (product §2 Admin items). */
export function AdminItemsPage() {
  usePageHead('Items · Admin');
  const items = useAdminItems();
  const { remove: deleteItem } = useItemWrites();
  const { toggle, busyIds } = usePromotion();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<ItemSort | null>(null);
  const [editor, setEditor] = useState<EditorState>({ open: false });
  const [deleting, setDeleting] = useState<AdminItem | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const searchId = useId();
  const deferredQuery = useDeferredValue(query);
  // "Needs photo" and "Needs description" live in the URL (?needs=photo,description; decision 0297).
  const [searchParams, setSearchParams] = useSearchParams();
  const needs = useMemo(() => parseItemNeeds(searchParams.get('needs')), [searchParams]);
  const setNeed = (need: ItemNeed, on: boolean) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        const chosen = parseItemNeeds(current.get('needs')).filter((value) => value !== need);
        const value = (Object.keys(ITEM_NEEDS) as ItemNeed[]).filter((key) => (key === need ? on : chosen.includes(key))).join(',');
        if (value) next.set('needs', value);
        else next.delete('needs');
        return next;
      },
      { replace: true },
    );
  const narrowed = deferredQuery.trim() !== '' || needs.length > 0;

  const all = items.data;
  const shown = useMemo(
    () => sortItems(filterItemNeeds(searchItems(all ?? [], deferredQuery), needs), sort),
    [all, deferredQuery, needs, sort],
  );
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(() => new Set());
  const lastClicked = useRef<string | null>(null);
  // Deleted items leave the selection with the list.
  const selected = useMemo(() => (all ?? []).filter((item) => selectedIds.has(item.id)), [all, selectedIds]);
  const select = (item: AdminItem, range: boolean) => {
    const ids = shown.map(({ id }) => id);
    // Read now: React may run the updater later, after the ref below has moved on.
    const anchor = lastClicked.current;
    lastClicked.current = item.id;
    setSelectedIds((current) => toggleSelection(current, ids, item.id, anchor, range));
  };

  /** Resolves false when nothing was deleted (the confirmation then stays open). */
  const remove = async (item: AdminItem) =>
    (await runWrite(() => deleteItem.mutateAsync(item.id), ITEM_MESSAGES.deleted, ITEM_MESSAGES.deleteError)) === null;

  return (
    <div className="admin-items">
      <AdminPageHeader title="Items">
        <div className="admin-search">
          <label className="visually-hidden" htmlFor={searchId}>
            Search items by name or UPC
          </label>
          <input
            ref={searchRef}
            id={searchId}
            className="admin-input admin-search__input"
            type="search"
            placeholder="Search by name or UPC"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            autoComplete="off"
          />
        </div>
        <SortMenu value={sort} onChange={setSort} />
        <ImportItemsButton />
        <ExportItemsButton />
        <button type="button" className="button" onClick={() => setEditor({ open: true, item: null })}>
          Add Item
        </button>
      </AdminPageHeader>

      <GoogleFeedsLine items={all} />

      <TillFeedStatus />

      <fieldset className="admin-items__needs">
        <legend>Show only items that</legend>
        {(Object.keys(ITEM_NEEDS) as ItemNeed[]).map((need) => (
          <label key={need} className="admin-items__need">
            <input type="checkbox" checked={needs.includes(need)} onChange={(event) => setNeed(need, event.target.checked)} />
            {ITEM_NEEDS[need]}
          </label>
        ))}
      </fieldset>

      <QueryState query={items} noun="items">
        <>
          {selected.length > 0 ? (
            <BulkActionBar
              selected={selected}
              matching={shown.length}
              onSelectAll={() => setSelectedIds(new Set(shown.map(({ id }) => id)))}
              onClear={() => setSelectedIds(new Set())}
              onDone={(keep) => setSelectedIds(new Set(keep))}
            />
          ) : null}
          <p className="admin-items__count" role="status">
            {narrowed ? `${shown.length} of ${all?.length ?? 0} items match` : `${all?.length ?? 0} items`}
          </p>
          {shown.length === 0 ? (
            <p className="empty-state">
              {deferredQuery.trim() ? 'No items match your search.' : needs.length ? 'No items need that.' : 'No items yet.'}
            </p>
          ) : (
            <ul className="admin-item-grid" aria-label="Items">
              {shown.map((item) => (
                <li key={item.id}>
                  <AdminItemCard
                    item={item}
                    busy={busyIds.has(item.id)}
                    sizes={CARD_SIZES}
                    selected={selectedIds.has(item.id)}
                    onSelect={select}
                    onDelete={setDeleting}
                    onEdit={(target) => setEditor({ open: true, item: target })}
                    onTogglePromoted={(target) => void toggle(target)}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      </QueryState>

      <ItemEditorModal open={editor.open} item={editor.open ? editor.item : null} onClose={() => setEditor({ open: false })} />
      <ConfirmDeleteModal target={deleting} noun="Item" onConfirm={remove} onClose={() => setDeleting(null)} returnFocusTo={searchRef} />
    </div>
  );
}
