/**
 * The activity log (decision 0260): every admin write leaves one entry saying
 * who, when, what, and the changed fields' old and new values. Both backends build entries with
 * these functions, so the local server and the cloud log the same write the same way.
 */

/** What a write was about; the page filters by it. */
export const ACTIVITY_KINDS = ['item', 'banner', 'category', 'tag', 'event', 'settings', 'account', 'import', 'reservation'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  item: 'Items',
  banner: 'Banners',
  category: 'Categories',
  tag: 'Tags',
  event: 'Events',
  settings: 'Shop settings',
  account: 'Admins and accounts',
  import: 'Imports',
  reservation: 'Reservations',
};

export const isActivityKind = (value: unknown): value is ActivityKind => ACTIVITY_KINDS.includes(value as ActivityKind);

/** The model a model write touches, as a kind; null for a model that is not logged. */
const KIND_OF_MODEL: Record<string, ActivityKind> = {
  Item: 'item',
  Banner: 'banner',
  Category: 'category',
  Tag: 'tag',
  Event: 'event',
  ShopSettings: 'settings',
  User: 'account',
};
export const activityKindOfModel = (model: string): ActivityKind | null => KIND_OF_MODEL[model] ?? null;

export interface FieldChange {
  field: string;
  /** The old value as text (lists joined with "; "), null when there was none. */
  before: string | null;
  after: string | null;
}

export interface ActivityEntry {
  id: string;
  /** ISO 8601, UTC. */
  at: string;
  actorId: string;
  actorName: string;
  kind: ActivityKind;
  /** create, update, delete, or what a custom change did (replace, reorder, apply, reset link). */
  action: string;
  targetId: string | null;
  /** The record's name (or description) when written, so an entry still reads after a delete. */
  targetName: string | null;
  changes: FieldChange[];
}

/** Entries are kept this long (the local server deletes older ones; DynamoDB's TTL does in the cloud). */
export const ACTIVITY_RETENTION_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;
export const activityExpiry = (atMs: number) => atMs + ACTIVITY_RETENTION_DAYS * DAY_MS;

/** A value kept in an entry is clipped to this many characters (a description can be 5,000). */
export const MAX_ACTIVITY_VALUE = 300;
/** At most this many changed fields per entry. */
const MAX_CHANGES = 20;

/**
 * Fields every record carries that say nothing about the change itself; AppSync's resolvers also
 * add `__typename` and `__operation` to what they return. An item's price history is the server's
 * own record of its price changes, which the entry shows as the price's before and after (decision 0293).
 */
const BOOKKEEPING_FIELDS = new Set(['id', 'createdAt', 'updatedAt', 'owner', 'seq', 'priceHistory', 'saleEndsAt']);
const isBookkeeping = (field: string) => BOOKKEEPING_FIELDS.has(field) || field.startsWith('__');

const clip = (text: string) => (text.length > MAX_ACTIVITY_VALUE ? `${text.slice(0, MAX_ACTIVITY_VALUE - 1)}…` : text);

/** A field's value as the log shows it: text, lists joined with "; ", nothing as null. */
export function activityValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.length ? clip(value.map((entry) => String(entry ?? '')).join('; ')) : null;
  if (typeof value === 'object') return clip(JSON.stringify(value));
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text === '' ? null : clip(text);
}

/**
 * The fields whose value differs between `before` and `after` (either may be null: a create or
 * a delete), in the order they first appear, bookkeeping fields left out.
 */
export function fieldChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((field) => !isBookkeeping(field));
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const old = activityValue(before?.[field]);
    const now = activityValue(after?.[field]);
    if (old !== now) changes.push({ field, before: old, after: now });
  }
  return changes.slice(0, MAX_CHANGES);
}

/** What a record is called in the log: its name, else its description, else its image. */
export function activityTargetName(record: Record<string, unknown> | null): string | null {
  if (!record) return null;
  for (const field of ['name', 'description', 'img']) {
    const value = activityValue(record[field]);
    if (value) return value.length > 120 ? `${value.slice(0, 119)}…` : value;
  }
  return null;
}

/** One model write as an entry (without id, time and actor, which the recorder adds). */
export function modelWriteActivity(
  op: 'create' | 'update' | 'delete',
  model: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Omit<ActivityEntry, 'id' | 'at' | 'actorId' | 'actorName'> | null {
  const kind = activityKindOfModel(model);
  if (!kind) return null;
  const record = after ?? before;
  return {
    kind,
    action: op,
    targetId: typeof record?.id === 'string' ? record.id : null,
    targetName: activityTargetName(op === 'delete' ? before : after),
    changes: fieldChanges(op === 'create' ? null : before, op === 'delete' ? null : after),
  };
}

/** Page sizes of listActivity. */
export const DEFAULT_ACTIVITY_PAGE = 50;
export const MAX_ACTIVITY_PAGE = 200;
