import { useQuery } from '@tanstack/react-query';
import { client } from '../../../lib/amplify';
import { CATALOGUE_STALE_MS, listAll, MAX_PAGE_SIZE } from '../../../lib/catalogue';

export interface PromotedItem {
  id: string;
  name: string;
  price: number | null;
  img: string | null;
}

/** Reads every promoted item, following `nextToken` until the last page. */
export async function getPromotedItems(): Promise<PromotedItem[]> {
  const items = await listAll((nextToken) =>
    client.models.Item.list({
      filter: { promoted: { eq: true } },
      selectionSet: ['id', 'name', 'price', 'img'],
      limit: MAX_PAGE_SIZE,
      nextToken,
    }),
  );
  return items.map((item) => ({ id: item.id, name: item.name, price: item.price ?? null, img: item.img ?? null }));
}

export const promotedItemsQueryKey = ['items', 'promoted'] as const;

/** The promoted items, cached across navigation. */
export function usePromotedItems() {
  return useQuery({ queryKey: promotedItemsQueryKey, queryFn: getPromotedItems, staleTime: CATALOGUE_STALE_MS });
}
