/**
 * Bulk actions on selected items (decision 0255): Promote, Demote, Add tag, Remove tag, Delete.
 * Pure: which writes a change needs, which items it leaves alone and why, and the one toast that
 * says how it went. The writes themselves are conditional on each item's `updatedAt` (api.ts), so
 * an item someone changed meanwhile is reported, never overwritten. Tested in bulk-change.test.ts.
 */
import { DEPARTMENT_NAMES, hasDepartmentTag } from '../../../../shared/catalogue';
import type { AdminItem } from './item-rules';

export type BulkAction =
  | { kind: 'promote' }
  | { kind: 'demote' }
  | { kind: 'addTag'; tagId: string; tagName: string }
  | { kind: 'removeTag'; tagId: string; tagName: string }
  | { kind: 'delete' };

/** One item's write: the fields to set, or its deletion. */
export type BulkWrite =
  { item: AdminItem; kind: 'update'; input: { id: string; promoted?: boolean; tags?: string[] } } | { item: AdminItem; kind: 'delete' };

export interface BulkPlan {
  writes: BulkWrite[];
  /** Already as asked (promoted, has the tag, ...): nothing to write. */
  unchanged: AdminItem[];
  /** The change would break an item rule (its last department tag): left alone. */
  refused: AdminItem[];
}

export function planBulkChange(items: readonly AdminItem[], action: BulkAction): BulkPlan {
  const plan: BulkPlan = { writes: [], unchanged: [], refused: [] };
  for (const item of items) {
    const write = writeFor(item, action);
    if (write === 'unchanged') plan.unchanged.push(item);
    else if (write === 'refused') plan.refused.push(item);
    else plan.writes.push(write);
  }
  return plan;
}

function writeFor(item: AdminItem, action: BulkAction): BulkWrite | 'unchanged' | 'refused' {
  switch (action.kind) {
    case 'promote':
    case 'demote': {
      const promoted = action.kind === 'promote';
      return item.promoted === promoted ? 'unchanged' : { item, kind: 'update', input: { id: item.id, promoted } };
    }
    case 'addTag':
      return item.tags.includes(action.tagId)
        ? 'unchanged'
        : { item, kind: 'update', input: { id: item.id, tags: [...item.tags, action.tagId] } };
    case 'removeTag': {
      if (!item.tags.includes(action.tagId)) return 'unchanged';
      const tags = item.tags.filter((tag) => tag !== action.tagId);
      return hasDepartmentTag(tags) ? { item, kind: 'update', input: { id: item.id, tags } } : 'refused';
    }
    case 'delete':
      return { item, kind: 'delete' };
  }
}

/** How the writes went. */
export interface BulkOutcome {
  done: number;
  /** Changed or deleted by someone else since the list was loaded: not written. */
  stale: number;
  /** Refused by the server or lost on the way. */
  failed: number;
}

const items = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

const DONE: Record<BulkAction['kind'], (action: BulkAction, count: string) => string> = {
  promote: (_, count) => `${count} promoted`,
  demote: (_, count) => `${count} demoted`,
  addTag: (action, count) => `Tag ${'tagName' in action ? action.tagName : ''} added to ${count}`,
  removeTag: (action, count) => `Tag ${'tagName' in action ? action.tagName : ''} removed from ${count}`,
  delete: (_, count) => `${count} deleted`,
};

/**
 * The one toast of a bulk change: a success when every write landed, else an error that says
 * what was written and what was not, and why.
 */
export function bulkSummary(action: BulkAction, plan: BulkPlan, outcome: BulkOutcome): { ok: boolean; message: string } {
  const parts = [DONE[action.kind](action, items(outcome.done))];
  if (plan.unchanged.length) parts.push(`${items(plan.unchanged.length)} already so`);
  if (plan.refused.length) parts.push(`${items(plan.refused.length)} kept it: an item needs one of ${DEPARTMENT_NAMES.join(', ')}`);
  if (outcome.stale) parts.push(`${items(outcome.stale)} changed meanwhile and left alone: look again`);
  if (outcome.failed) parts.push(`${items(outcome.failed)} not saved: try again`);
  return { ok: outcome.stale === 0 && outcome.failed === 0 && plan.refused.length === 0, message: `${parts.join('; ')}.` };
}
