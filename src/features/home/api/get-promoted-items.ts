import { useQuery } from '@tanstack/react-query';
import { FILTERS, firstScreenKeys, SELECTIONS } from '../../../../shared/first-screen';
import { client } from '../../../lib/amplify';
import { catalogueQuery } from '../../../lib/first-screen';
import { listAll, MAX_PAGE_SIZE } from '../../../lib/catalogue';

export interface PromotedItem {
  id: string;
  name: string;
  price: number | null;
  img: string | null;
}

type PromotedItemRecord = Omit<PromotedItem, 'price' | 'img'> & { price?: number | null; img?: string | null };

const toPromotedItems = (records: readonly PromotedItemRecord[]): PromotedItem[] =>
  records.map((item) => ({ id: item.id, name: item.name, price: item.price ?? null, img: item.img ?? null }));

/** Reads every promoted item, following `nextToken` until the last page. */
export async function getPromotedItems(): Promise<PromotedItem[]> {
  return toPromotedItems(
    await listAll((nextToken) =>
      client.models.Item.list({
        filter: FILTERS.promoted,
        selectionSet: SELECTIONS.promotedItem,
        limit: MAX_PAGE_SIZE,
        nextToken,
      }),
    ),
  );
}

export const promotedItemsQueryKey = ['items', 'promoted'] as const;

/** The promoted items, cached across navigation; on a first visit, those inlined in the page. */
export function usePromotedItems() {
  return useQuery(
    catalogueQuery(promotedItemsQueryKey, getPromotedItems, [firstScreenKeys.promotedItems], ([records]) =>
      toPromotedItems(records as PromotedItemRecord[]),
    ),
  );
}
