/**
 * Items as the admin screens read and write them, all as the signed-in admin (lambda mode):
 * the list, one item, create, the conditional update (stale-edit check), delete, promote/demote,
 * and bulk changes (each write conditional, like the update).
 * Shared by /admin-items, /admin-item and the portal's promoted row.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { listAll, MAX_PAGE_SIZE } from '../../../lib/catalogue';
import { queryClient } from '../../../lib/query-client';
import { ERROR_TYPES } from '../../../../shared/error-types';
import type { ImportChunk } from '../../../../shared/import-chunks';
import { shelfCount } from '../../../../shared/stock';
import type { SizedItem } from '../../../../shared/till-export';
import { catalogueChanged } from '../common/catalogue-cache';
import { ApiCallError, dataOrThrow, errorsOf, hasErrorType, throwOnErrors } from '../common/graphql-errors';
import { ITEM_MESSAGES, type AdminItem, type ItemCreateInput, type ItemUpdateInput } from './item-rules';
import { tagGroups } from './tag-groups';
import type { BulkOutcome, BulkWrite } from './bulk-change';
import { runBulkWrites } from './bulk-runner';
import { adminKeys } from '../common/admin-keys';
import { adminQuery } from '../common/admin-query';
import { adminClient } from '../common/admin-client';

const ITEM_FIELDS = [
  'id',
  'name',
  'price',
  'description',
  'tags',
  'promoted',
  'upc',
  'img',
  'sizeMl',
  'packCount',
  'abv',
  'vintage',
  'stock',
  'shelfStock',
  'heldStock',
  'limitPerCustomer',
  'stockCountedAt',
  'onSale',
  'priceHistory',
  'updatedAt',
] as const;

interface RawItem {
  id: string;
  name: string;
  price?: number | null;
  description?: string | null;
  tags?: readonly (string | null)[] | null;
  promoted?: boolean | null;
  upc?: string | null;
  img?: string | null;
  sizeMl?: number | null;
  packCount?: number | null;
  abv?: number | null;
  vintage?: string | null;
  stock?: number | null;
  shelfStock?: number | null;
  heldStock?: number | null;
  limitPerCustomer?: number | null;
  stockCountedAt?: string | null;
  onSale?: boolean | null;
  priceHistory?: readonly (string | null)[] | null;
  updatedAt: string;
}

export function toAdminItem(raw: RawItem): AdminItem {
  return {
    id: raw.id,
    name: raw.name,
    price: raw.price ?? null,
    description: raw.description ?? null,
    tags: (raw.tags ?? []).filter((tag): tag is string => typeof tag === 'string'),
    promoted: raw.promoted === true,
    upc: raw.upc ?? null,
    img: raw.img ?? null,
    sizeMl: raw.sizeMl ?? null,
    packCount: raw.packCount ?? null,
    abv: raw.abv ?? null,
    vintage: raw.vintage ?? null,
    stock: shelfCount(raw),
    heldStock: raw.heldStock ?? 0,
    offeredStock: raw.stock ?? null,
    limitPerCustomer: raw.limitPerCustomer ?? null,
    stockCountedAt: raw.stockCountedAt ?? null,
    onSale: raw.onSale === true,
    priceHistory: (raw.priceHistory ?? []).filter((entry): entry is string => typeof entry === 'string'),
    updatedAt: raw.updatedAt,
  };
}

/** Every item, in the server's order (creation order). */
export async function fetchAdminItems(filter?: { promoted: { eq: boolean } }): Promise<AdminItem[]> {
  const items = await listAll((nextToken) =>
    adminClient.models.Item.list({ filter, selectionSet: ITEM_FIELDS, limit: MAX_PAGE_SIZE, nextToken }),
  );
  return items.map(toAdminItem);
}

/** One item; null when there is none with this id. */
export async function fetchAdminItem(id: string): Promise<AdminItem | null> {
  const result = await adminClient.models.Item.get({ id }, { selectionSet: ITEM_FIELDS });
  throwOnErrors(result);
  return result.data ? toAdminItem(result.data) : null;
}

export const adminItemsQuery = () => adminQuery(adminKeys.items(), () => fetchAdminItems(), ITEM_MESSAGES.loadError);

export function useAdminItems() {
  return useQuery(adminItemsQuery());
}

export const promotedAdminItemsQuery = () =>
  adminQuery(adminKeys.promotedItems(), () => fetchAdminItems({ promoted: { eq: true } }), ITEM_MESSAGES.loadError);

export function usePromotedAdminItems() {
  return useQuery(promotedAdminItemsQuery());
}

export const adminItemQuery = (id: string) =>
  adminQuery(adminKeys.item(id), () => fetchAdminItem(id), ITEM_MESSAGES.loadError, { enabled: id !== '' });

export function useAdminItem(id: string) {
  return useQuery(adminItemQuery(id));
}

/** After a write: this item's cache holds the new copy, and every list (admin and public) reloads. */
function stored(item: AdminItem): AdminItem {
  queryClient.setQueryData(adminKeys.item(item.id), item);
  void catalogueChanged();
  return item;
}

const UPDATE_ITEM = /* GraphQL */ `
  mutation UpdateItemIfUnchanged($input: UpdateItemInput!, $condition: ModelItemConditionInput) {
    updateItem(input: $input, condition: $condition) {
      id
      name
      price
      description
      tags
      promoted
      upc
      img
      sizeMl
      packCount
      abv
      vintage
      stock
      stockCountedAt
      createdAt
      updatedAt
    }
  }
`;

export type UpdateOutcome =
  | { ok: true; item: AdminItem }
  /** The item changed (or was deleted) since `expectedUpdatedAt`: nothing was written. */
  | { ok: false; stale: true; current: AdminItem | null }
  | { ok: false; stale: false; errors: unknown };

/** Creates an item; the new item, or ApiCallError thrown. */
async function createItem(input: ItemCreateInput): Promise<AdminItem> {
  const result = await adminClient.models.Item.create(input, { selectionSet: ITEM_FIELDS });
  if (result.errors?.length || !result.data) throw new ApiCallError(result.errors);
  return stored(toAdminItem(result.data));
}

/**
 * Updates an item only if it is still the copy the editor loaded (`updatedAt` unchanged).
 * When it is not, nothing is written and the current copy comes back to show.
 */
async function updateItem({ input, expectedUpdatedAt }: { input: ItemUpdateInput; expectedUpdatedAt: string }): Promise<UpdateOutcome> {
  let data: { updateItem?: RawItem | null } | undefined;
  try {
    const result = await (adminClient.graphql({
      query: UPDATE_ITEM,
      variables: { input, condition: { updatedAt: { eq: expectedUpdatedAt } } },
    }) as Promise<{ data?: { updateItem?: RawItem | null }; errors?: unknown[] }>);
    throwOnErrors(result);
    data = result.data;
  } catch (error) {
    if (hasErrorType(error, ERROR_TYPES.conditionFailed)) {
      const current = await fetchAdminItem(input.id).catch(() => null);
      if (current) queryClient.setQueryData(adminKeys.item(current.id), current);
      void catalogueChanged();
      return { ok: false, stale: true, current };
    }
    if (errorsOf(error).length === 0) throw error;
    return { ok: false, stale: false, errors: errorsOf(error) };
  }
  if (!data?.updateItem) return { ok: false, stale: false, errors: [] };
  return { ok: true, item: stored(toAdminItem(data.updateItem)) };
}

/**
 * Promote or Demote: writes the `promoted` field alone, so it cannot undo anyone else's
 * change to the other fields. The updated item, or ApiCallError thrown.
 */
async function setPromoted({ id, promoted }: { id: string; promoted: boolean }): Promise<AdminItem> {
  const result = await adminClient.models.Item.update({ id, promoted }, { selectionSet: ITEM_FIELDS });
  if (result.errors?.length || !result.data) throw new ApiCallError(result.errors);
  return stored(toAdminItem(result.data));
}

/** Deletes an item; ApiCallError thrown when the server did not delete it. */
async function deleteItem(id: string): Promise<void> {
  const result = await adminClient.models.Item.delete({ id });
  if (result.errors?.length || !result.data) throw new ApiCallError(result.errors);
  queryClient.removeQueries({ queryKey: adminKeys.item(id) });
  // The lists on screen no longer show it once this resolves (so focus can move on safely).
  await catalogueChanged();
}

const DELETE_ITEM = /* GraphQL */ `
  mutation DeleteItemIfUnchanged($input: DeleteItemInput!, $condition: ModelItemConditionInput) {
    deleteItem(input: $input, condition: $condition) {
      id
    }
  }
`;

/** One write of a bulk change, only if the item is unchanged since the list was loaded; throws the call's errors. */
async function sendIfUnchanged(write: BulkWrite): Promise<void> {
  const condition = { updatedAt: { eq: write.item.updatedAt } };
  const result = await (adminClient.graphql({
    query: write.kind === 'delete' ? DELETE_ITEM : UPDATE_ITEM,
    variables: { input: write.kind === 'delete' ? { id: write.item.id } : write.input, condition },
  }) as Promise<{ errors?: unknown[] }>);
  throwOnErrors(result);
}

/**
 * Runs a bulk change's writes (bulk-runner.ts: a few at a time, a write refused for coming too
 * fast sent again after the wait asked for); the lists reload once at the end. The ids of the
 * items not written (stale or failed) come back with the counts; `onProgress` hears how many have
 * settled after each one. Rejects only when the session ended.
 */
async function runBulkChange({
  writes,
  onProgress,
}: {
  writes: readonly BulkWrite[];
  onProgress?: (settled: number) => void;
}): Promise<BulkOutcome & { notWritten: string[] }> {
  try {
    return await runBulkWrites(writes, sendIfUnchanged, {
      onWritten: (write, result, settled) => {
        if (result === 'done' && write.kind === 'delete') queryClient.removeQueries({ queryKey: adminKeys.item(write.item.id) });
        onProgress?.(settled);
      },
    });
  } finally {
    await catalogueChanged();
  }
}

/**
 * The item writes of the admin screens, as mutations: `create`, `update` (only if unchanged since
 * loaded), `promote` (the `promoted` field alone) and `remove`. Each rejects only with
 * ApiCallError, SessionEndedError or a network failure; `update` answers a stale copy as an outcome.
 */
export function useItemWrites() {
  return {
    create: useMutation({ mutationFn: createItem }),
    update: useMutation({ mutationFn: updateItem }),
    promote: useMutation({ mutationFn: setPromoted }),
    remove: useMutation({ mutationFn: deleteItem }),
    bulk: useMutation({ mutationFn: runBulkChange }),
  };
}

/** The Item Editor's tag choices: every category with its tags, by index. */
async function fetchTagGroups() {
  const categories = await listAll((nextToken) =>
    adminClient.models.Category.list({
      selectionSet: ['id', 'name', 'index', 'tags.id', 'tags.name', 'tags.index'],
      limit: MAX_PAGE_SIZE,
      nextToken,
    }),
  );
  return tagGroups(categories);
}

export const tagGroupsQuery = () => adminQuery(adminKeys.tagGroups(), fetchTagGroups);

export function useTagGroups() {
  return useQuery(tagGroupsQuery());
}

/** What an import's chunk did or would do (the schema's ItemImportReport). */
export type ItemImportReport = Awaited<ReturnType<typeof importChunk>>;

/**
 * Sends one chunk of an import (shared/import-chunks.ts, decision 0306): a dry run (`apply` false)
 * or the chunk's import. Rejects with ApiCallError (a refused chunk). The caller reloads the lists
 * once the import is over (importFinished).
 */
export async function importChunk(importId: string, chunk: ImportChunk, apply: boolean, stockOnly: boolean) {
  return dataOrThrow(await adminClient.mutations.importItems({ importId, offset: chunk.offset, rows: chunk.rows, apply, stockOnly }));
}

/** After an import's last chunk (or the one that failed): every list reloads. */
export const importFinished = () => catalogueChanged();

/**
 * The items' UPCs and sizes, from the list the page holds (read if it holds none): a stock file's
 * sizes are compared with them, as warnings only (decision 0365), so a failed read compares none.
 */
export const knownItemSizes = (): Promise<readonly SizedItem[]> => queryClient.ensureQueryData(adminItemsQuery()).catch(() => []);
