import { useQuery } from '@tanstack/react-query';
import { firstScreenKeys, SELECTIONS } from '../../../../shared/first-screen';
import { client } from '../../../lib/amplify';
import { catalogueQuery } from '../../../lib/first-screen';
import { listAllPrepared, MAX_PAGE_SIZE } from '../../../lib/catalogue';
import { toMenuItem } from './get-menu';
import { joinPrepared, prepareForSearch, type SearchEntry } from '../shop-search';

/**
 * Every item of the catalogue with what the shop-wide search reads, all pages of up to 1000,
 * prepared for searching page by page as they arrive (decision 0389).
 */
export async function getSearchCatalogue(): Promise<SearchEntry[]> {
  const pages = await listAllPrepared(
    (nextToken) => client.models.Item.list({ selectionSet: SELECTIONS.searchItem, limit: MAX_PAGE_SIZE, nextToken }),
    prepareRecords,
  );
  return joinPrepared(pages);
}

type SearchRecord = Parameters<typeof toMenuItem>[0] & { upc?: string | null; description?: string | null };

const prepareRecords = (records: readonly SearchRecord[]) =>
  prepareForSearch(records.map((item) => ({ ...toMenuItem(item), upc: item.upc ?? null, description: item.description ?? null })));

/**
 * The catalogue for searching, read once and kept as long as the menus' lists; on a first visit,
 * the one inlined in the page (a small shop's: decision 0392).
 */
export const searchCatalogueQuery = () =>
  catalogueQuery(['search', 'catalogue'], getSearchCatalogue, [firstScreenKeys.searchItems], ([records]) =>
    prepareRecords(records as SearchRecord[]),
  );

export function useSearchCatalogue() {
  return useQuery(searchCatalogueQuery());
}
