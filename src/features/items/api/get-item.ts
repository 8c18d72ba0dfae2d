import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { FILTERS, firstScreenKeys, SELECTIONS, sizeChoicesVariables } from '../../../../shared/first-screen';
import { listAll, MAX_PAGE_SIZE } from '../../../lib/catalogue';
import { client } from '../../../lib/amplify';
import { catalogueQuery } from '../../../lib/first-screen';

export interface ItemDetails {
  id: string;
  name: string;
  price: number | null;
  img: string | null;
  /** Undefined while only a glimpse from a list is known. */
  description?: string | null;
  tags: readonly string[];
  /** Its facts (product §3); a glimpse from a list knows the size and stock only. */
  sizeMl: number | null;
  packCount: number | null;
  abv?: number | null;
  vintage?: string | null;
  stock: number | null;
  stockCountedAt?: string | null;
  /** What the Sale badge is decided from (decision 0295). */
  onSale?: boolean | null;
  saleEndsAt?: string | null;
  /** Its GTIN in the page's JSON-LD when valid (decision 0380); a glimpse from a list has none. */
  upc?: string | null;
  /** Its limit per customer and its shelf's facts (decisions 0371, 0374); a glimpse from a list knows none. */
  limitPerCustomer?: number | null;
  shelfStock?: number | null;
  heldStock?: number | null;
}

/** One item, or null when there is none with this id. */
export async function getItem(id: string): Promise<ItemDetails | null> {
  const result = await client.models.Item.get({ id }, { selectionSet: SELECTIONS.item });
  if (result.errors?.length && !result.data) throw new Error(result.errors.map((error) => error.message).join('; '));
  return toItemDetails(result.data);
}

type ItemRecord = Pick<ItemDetails, 'id' | 'name'> & {
  price?: number | null;
  img?: string | null;
  description?: string | null;
  tags?: readonly (string | null)[] | null;
  sizeMl?: number | null;
  packCount?: number | null;
  abv?: number | null;
  vintage?: string | null;
  stock?: number | null;
  stockCountedAt?: string | null;
  onSale?: boolean | null;
  saleEndsAt?: string | null;
  upc?: string | null;
  limitPerCustomer?: number | null;
  shelfStock?: number | null;
  heldStock?: number | null;
};

function toItemDetails(item: ItemRecord | null | undefined): ItemDetails | null {
  if (!item) return null;
  return {
    id: item.id,
    name: item.name,
    price: item.price ?? null,
    img: item.img ?? null,
    description: item.description ?? null,
    tags: (item.tags ?? []).filter((tag): tag is string => typeof tag === 'string'),
    sizeMl: item.sizeMl ?? null,
    packCount: item.packCount ?? null,
    abv: item.abv ?? null,
    vintage: item.vintage ?? null,
    stock: item.stock ?? null,
    stockCountedAt: item.stockCountedAt ?? null,
    onSale: item.onSale ?? null,
    saleEndsAt: item.saleEndsAt ?? null,
    upc: item.upc ?? null,
    limitPerCustomer: item.limitPerCustomer ?? null,
    shelfStock: item.shelfStock ?? null,
    heldStock: item.heldStock ?? null,
  };
}

interface ListedItem {
  id: string;
  name: string;
  price: number | null;
  img: string | null;
  tags?: readonly string[];
  sizeMl?: number | null;
  packCount?: number | null;
  stock?: number | null;
}

/**
 * What the lists already loaded (menus, promoted items) know of an item: enough to show its
 * name, price and picture at once while the description loads.
 */
function glimpse(queryClient: QueryClient, id: string): ItemDetails | undefined {
  for (const key of [
    ['menu', 'items'],
    ['items', 'promoted'],
  ]) {
    for (const [, data] of queryClient.getQueriesData<ListedItem[]>({ queryKey: key })) {
      const item = data?.find((entry) => entry.id === id);
      if (item) {
        const { name, price, img, tags = [], sizeMl = null, packCount = null, stock = null } = item;
        return { id, name, price, img, tags, sizeMl, packCount, stock };
      }
    }
  }
  return undefined;
}

export function useItem(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...catalogueQuery(
      ['item', id],
      () => getItem(id),
      [firstScreenKeys.item(id)],
      ([record]) => toItemDetails(record as ItemRecord | null),
    ),
    placeholderData: () => glimpse(queryClient, id),
  });
}

/** One size of a product, as the item page offers it (decision 0285). */
export interface SizeChoiceRecord {
  id: string;
  name: string;
  price: number | null;
  sizeMl: number | null;
  packCount: number | null;
  stock: number | null;
}

const toSizeChoices = (records: readonly SizeChoiceRecord[]): SizeChoiceRecord[] =>
  records.map(({ id, name, price, sizeMl, packCount, stock }) => ({
    id,
    name,
    price: price ?? null,
    sizeMl: sizeMl ?? null,
    packCount: packCount ?? null,
    stock: stock ?? null,
  }));

/**
 * The items with this item's name (shared/bottle-size.ts `sizeChoices` makes them choices); none
 * asked for an item without a size. On a first visit, from the answer the page inlined.
 */
export function useSameNameItems(item: Pick<ItemDetails, 'id' | 'name' | 'sizeMl'> | undefined) {
  const queryClient = useQueryClient();
  const asked = item ? sizeChoicesVariables(item) : null;
  const options = catalogueQuery(
    ['item', 'sizes', item?.name ?? ''],
    async () =>
      asked
        ? toSizeChoices(
            await listAll((nextToken) =>
              client.models.Item.list({
                filter: FILTERS.sameName(item!.name),
                selectionSet: SELECTIONS.sizeChoice,
                limit: MAX_PAGE_SIZE,
                nextToken,
              }),
            ),
          )
        : [],
    [firstScreenKeys.sizeChoices(item?.id ?? '')],
    ([records]) => toSizeChoices(records as SizeChoiceRecord[]),
  );
  // Reached from a menu, the menu's list already holds the product's sizes (its selection has
  // them): no request, and the choices are drawn with the page.
  const listed = item && asked ? sameNameFromLists(queryClient, item.name) : undefined;
  return useQuery({
    ...options,
    initialData: () => options.initialData() ?? listed?.items,
    initialDataUpdatedAt: listed ? listed.updatedAt : options.initialDataUpdatedAt,
    enabled: Boolean(asked),
  });
}

/** The items named `name` in a menu list already loaded, with when it was loaded; none when no list holds the item. */
function sameNameFromLists(queryClient: QueryClient, name: string): { items: SizeChoiceRecord[]; updatedAt: number } | undefined {
  for (const [key, data] of queryClient.getQueriesData<Array<ListedItem & { sizeMl?: number | null }>>({ queryKey: ['menu', 'items'] })) {
    const items = data?.filter((entry) => entry.name === name);
    if (!items?.length) continue;
    return {
      items: toSizeChoices(
        items.map(({ id, price, sizeMl = null, packCount = null, stock = null }) => ({ id, name, price, sizeMl, packCount, stock })),
      ),
      updatedAt: queryClient.getQueryState(key)?.dataUpdatedAt ?? 0,
    };
  }
  return undefined;
}
