/**
 * The bar over the admin item grid while items are selected (decision 0255): how many, Select all
 * matching, Clear, then Promote, Demote, Add tag, Remove tag and Delete (asked first, with the
 * count). One action runs at a time, with how many of its writes are through; its toast says how it went.
 */
import { useId, useState } from 'react';
import { ConfirmDeleteModal } from '../common/ConfirmDeleteModal';
import { useTagGroups } from './api';
import type { BulkAction } from './bulk-change';
import type { AdminItem } from './item-rules';
import { useBulkChange } from './use-bulk-change';

export interface BulkActionBarProps {
  selected: readonly AdminItem[];
  /** How many items the search shows (Select all offers them when more than are selected). */
  matching: number;
  onSelectAll: () => void;
  onClear: () => void;
  /** After an action: the ids to keep selected (the items it did not change). */
  onDone: (keep: string[]) => void;
}

const TAG_ACTIONS = [
  { kind: 'addTag', label: 'Add tag' },
  { kind: 'removeTag', label: 'Remove tag' },
] as const;

const plural = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

export function BulkActionBar({ selected, matching, onSelectAll, onClear, onDone }: BulkActionBarProps) {
  const { apply, running, progress } = useBulkChange();
  const tagGroups = useTagGroups();
  const [tagId, setTagId] = useState('');
  const [deleting, setDeleting] = useState<readonly AdminItem[] | null>(null);
  const tagSelectId = useId();
  const tagName = tagGroups.data?.flatMap((group) => group.tags).find((tag) => tag.id === tagId)?.name ?? '';

  const run = async (action: BulkAction, items: readonly AdminItem[] = selected) => onDone(await apply(action, items));

  return (
    <section className="bulk-bar" aria-label="Selected items">
      <p className="bulk-bar__count" role="status">
        {plural(selected.length)} selected
      </p>
      {/* Not a live region: a count that changes hundreds of times is not read out; aria-busy says it runs. */}
      {running && progress && progress.total > 1 ? (
        <p className="bulk-bar__progress">
          <progress value={progress.settled} max={progress.total} aria-label="Bulk change progress" /> {progress.settled} of{' '}
          {progress.total}
        </p>
      ) : null}
      {matching > selected.length ? (
        <button type="button" className="button button--ghost button--small" onClick={onSelectAll} disabled={running}>
          Select all {matching} matching
        </button>
      ) : null}
      <button type="button" className="button button--ghost button--small" onClick={onClear} disabled={running}>
        Clear selection
      </button>
      <div className="bulk-bar__actions" role="group" aria-label="Change the selected items" aria-busy={running || undefined}>
        <button type="button" className="button button--small" onClick={() => void run({ kind: 'promote' })} disabled={running}>
          Promote
        </button>
        <button type="button" className="button button--small" onClick={() => void run({ kind: 'demote' })} disabled={running}>
          Demote
        </button>
        <label className="visually-hidden" htmlFor={tagSelectId}>
          Tag to add or remove
        </label>
        <select id={tagSelectId} className="admin-select bulk-bar__tag" value={tagId} onChange={(event) => setTagId(event.target.value)}>
          <option value="">Choose a tag</option>
          {(tagGroups.data ?? []).map((group) => (
            <optgroup key={group.id} label={group.name}>
              {group.tags.map((tag) => (
                <option key={tag.id} value={tag.id}>
                  {tag.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        {TAG_ACTIONS.map(({ kind, label }) => (
          <button
            key={kind}
            type="button"
            className="button button--small"
            onClick={() => void run({ kind, tagId, tagName })}
            disabled={running || !tagId}
          >
            {label}
          </button>
        ))}
        <button type="button" className="button button--small button--danger" onClick={() => setDeleting(selected)} disabled={running}>
          Delete
        </button>
      </div>
      <ConfirmDeleteModal
        target={deleting}
        title={`Delete ${plural(deleting?.length ?? 0)}`}
        message={`Are you sure you want to delete these ${plural(deleting?.length ?? 0)}? This cannot be undone.`}
        onConfirm={(items) => run({ kind: 'delete' }, items)}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
