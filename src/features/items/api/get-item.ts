import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { firstScreenKeys, SELECTIONS } from '../../../../shared/first-screen';
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
  };
}

interface ListedItem {
  id: string;
  name: string;
  price: number | null;
  img: string | null;
  tags?: readonly string[];
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
      if (item) return { id, name: item.name, price: item.price, img: item.img, tags: item.tags ?? [] };
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
