/**
 * Reading the public catalogue: every list follows `nextToken` to the end, and every query
 * keeps its data fresh for a few minutes, so going back to a page is instant. The paging helpers
 * (`fillPage`, `listAll`, from shared/list-pages) are the app's one way to read a list, admin screens included.
 */

/** How long catalogue data counts as fresh (TanStack Query `staleTime`). */
export const CATALOGUE_STALE_MS = 5 * 60_000;

export { byIndex, MAX_PAGE_SIZE } from '../../shared/catalogue';
export { fillPage, listAll, type ListPage } from '../../shared/list-pages';

/** A Category as the API returns it (the fields the storefront reads). */
export interface CategoryRecord {
  id: string;
  name: string;
  /** Which menus show it: any of Wine, Liquor, Extras (any case). */
  type?: readonly (string | null)[] | null;
  visible?: boolean | null;
  index?: number | null;
}

/** A Tag as the API returns it (the fields the storefront reads). */
export interface TagRecord {
  id: string;
  name: string;
  categoryId: string;
  index?: number | null;
}

/** An Event as the API returns it. */
export interface EventRecord {
  id: string;
  name: string;
  /** YYYY-MM-DD, a local calendar day. */
  date: string;
  /** HH:MM, 24-hour, or null when not set. */
  time: string | null;
  description: string;
  img: string | null;
}
