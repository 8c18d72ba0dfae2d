/**
 * Every category and tag of the catalogue, read once for the storefront: the menus make their
 * filter panels from them, the item page its facts (Region, Grape, Spirit: decision 0285). On a
 * first visit, from the answers the page inlined (shared/first-screen.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { firstScreenKeys, SELECTIONS } from '../../shared/first-screen';
import { client } from './amplify';
import { listAll, MAX_PAGE_SIZE, type CategoryRecord, type TagRecord } from './catalogue';
import { catalogueQuery } from './first-screen';

export interface FilterData {
  categories: CategoryRecord[];
  tags: TagRecord[];
}

/** Every category and tag, all pages of up to 1000. */
export async function getFilterData(): Promise<FilterData> {
  const [categories, tags] = await Promise.all([
    listAll((nextToken) =>
      client.models.Category.list({
        selectionSet: SELECTIONS.category,
        limit: MAX_PAGE_SIZE,
        nextToken,
      }),
    ),
    listAll((nextToken) => client.models.Tag.list({ selectionSet: SELECTIONS.tag, limit: MAX_PAGE_SIZE, nextToken })),
  ]);
  return { categories, tags };
}

export const filterDataQuery = () =>
  catalogueQuery(
    ['catalogue', 'categories-and-tags'],
    getFilterData,
    [firstScreenKeys.categories, firstScreenKeys.tags],
    ([categories, tags]) => ({
      categories: categories as CategoryRecord[],
      tags: tags as TagRecord[],
    }),
  );

export function useFilterData() {
  return useQuery(filterDataQuery());
}
