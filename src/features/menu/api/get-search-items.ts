import { useQuery } from '@tanstack/react-query';
import { SELECTIONS } from '../../../../shared/first-screen';
import { client } from '../../../lib/amplify';
import { CATALOGUE_STALE_MS, listAll, MAX_PAGE_SIZE } from '../../../lib/catalogue';
import { toMenuItem } from './get-menu';
import type { SearchItem } from '../shop-search';

/** Every item of the catalogue with what the shop-wide search reads, all pages of up to 1000. */
export async function getSearchItems(): Promise<SearchItem[]> {
  const records = await listAll((nextToken) =>
    client.models.Item.list({ selectionSet: SELECTIONS.searchItem, limit: MAX_PAGE_SIZE, nextToken }),
  );
  return records.map((item) => ({ ...toMenuItem(item), upc: item.upc ?? null, description: item.description ?? null }));
}

/** The catalogue for searching, read once and kept as long as the menus' lists. */
export function useSearchItems() {
  return useQuery({ queryKey: ['search', 'items'], queryFn: getSearchItems, staleTime: CATALOGUE_STALE_MS });
}
