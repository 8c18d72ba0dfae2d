import { useQuery } from '@tanstack/react-query';
import { SELECTIONS } from '../../../../shared/first-screen';
import { client } from '../../../lib/amplify';
import { CATALOGUE_STALE_MS, listAllPrepared, MAX_PAGE_SIZE } from '../../../lib/catalogue';
import { toMenuItem } from './get-menu';
import { joinPrepared, prepareForSearch, type SearchEntry } from '../shop-search';

/**
 * Every item of the catalogue with what the shop-wide search reads, all pages of up to 1000,
 * prepared for searching page by page as they arrive (decision 0389).
 */
export async function getSearchCatalogue(): Promise<SearchEntry[]> {
  const pages = await listAllPrepared(
    (nextToken) => client.models.Item.list({ selectionSet: SELECTIONS.searchItem, limit: MAX_PAGE_SIZE, nextToken }),
    (records) =>
      prepareForSearch(records.map((item) => ({ ...toMenuItem(item), upc: item.upc ?? null, description: item.description ?? null }))),
  );
  return joinPrepared(pages);
}

/** The catalogue for searching, read once and kept as long as the menus' lists. */
export const searchCatalogueQuery = () => ({
  queryKey: ['search', 'catalogue'],
  queryFn: getSearchCatalogue,
  staleTime: CATALOGUE_STALE_MS,
});

export function useSearchCatalogue() {
  return useQuery(searchCatalogueQuery());
}
