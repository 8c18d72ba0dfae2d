import { useQuery } from '@tanstack/react-query';
import { client } from '../../../lib/amplify';

export interface PromotedItem {
  id: string;
  name: string;
  price: number | null;
  img: string | null;
}

/** Reads every promoted item, following `nextToken` until the last page. */
export async function getPromotedItems(): Promise<PromotedItem[]> {
  const items: PromotedItem[] = [];
  let nextToken: string | null | undefined;
  const seen = new Set<string>();
  do {
    const result = await client.models.Item.list({
      filter: { promoted: { eq: true } },
      selectionSet: ['id', 'name', 'price', 'img'],
      nextToken,
    });
    if (result.errors?.length && !result.data?.length) {
      throw new Error(result.errors.map((error) => error.message).join('; '));
    }
    for (const item of result.data ?? []) {
      items.push({ id: item.id, name: item.name, price: item.price ?? null, img: item.img ?? null });
    }
    nextToken = result.nextToken;
    // A server that hands back the same token again would otherwise loop forever.
    if (nextToken) {
      if (seen.has(nextToken)) break;
      seen.add(nextToken);
    }
  } while (nextToken);
  return items;
}

export const promotedItemsQueryKey = ['items', 'promoted'] as const;

/** The promoted items, cached across navigation. */
export function usePromotedItems() {
  return useQuery({ queryKey: promotedItemsQueryKey, queryFn: getPromotedItems });
}
