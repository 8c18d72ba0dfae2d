import { useQuery } from '@tanstack/react-query';
import { SELECTIONS } from '../../../../shared/first-screen';
import { client } from '../../../lib/amplify';
import { CATALOGUE_STALE_MS, listAll, MAX_PAGE_SIZE } from '../../../lib/catalogue';
import { toMenuItem } from './get-menu';
import { joinPrepared, prepareForSearch, type SearchEntry } from '../shop-search';

/** Runs `work` in a task of its own, after what the current one still has to do. */
const inNextTask = <T>(work: () => T) =>
  new Promise<T>((resolve, reject) =>
    setTimeout(() => {
      try {
        resolve(work());
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    }),
  );

/**
 * Every item of the catalogue with what the shop-wide search reads, all pages of up to 1000,
 * prepared for searching. Each page is prepared in the task after it arrives, once the next page
 * has been asked for, so the work fills the wait for the network instead of following it.
 */
export async function getSearchCatalogue(): Promise<SearchEntry[]> {
  const prepared: Array<Promise<SearchEntry[]>> = [];
  await listAll(async (nextToken) => {
    const page = await client.models.Item.list({ selectionSet: SELECTIONS.searchItem, limit: MAX_PAGE_SIZE, nextToken });
    const records = page.data ?? [];
    prepared.push(
      inNextTask(() =>
        prepareForSearch(records.map((item) => ({ ...toMenuItem(item), upc: item.upc ?? null, description: item.description ?? null }))),
      ),
    );
    return page;
  });
  return joinPrepared(await Promise.all(prepared));
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
