/**
 * Reading the public catalogue: every list follows `nextToken` to the end, and every query
 * keeps its data fresh for a few minutes, so going back to a page is instant.
 */

/** How long catalogue data counts as fresh (TanStack Query `staleTime`). */
export const CATALOGUE_STALE_MS = 5 * 60_000;

export { byIndex, MAX_PAGE_SIZE } from '../../shared/catalogue';

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

/** What a model client's `list` resolves to (the parts read here). */
export interface ListPage<T> {
  data: readonly T[] | null | undefined;
  nextToken?: string | null;
  errors?: readonly { message: string }[] | null;
}

/**
 * Every record of a list: calls `fetchPage` with the previous page's `nextToken` until it is
 * null. Throws when a page has errors and no data (the caller's query then shows its empty
 * state); stops when a server hands back a token it gave before, which would loop forever.
 */
export async function listAll<T>(fetchPage: (nextToken: string | undefined) => Promise<ListPage<T>>): Promise<T[]> {
  const records: T[] = [];
  const seen = new Set<string>();
  let nextToken: string | undefined;
  do {
    const page = await fetchPage(nextToken);
    if (page.errors?.length && !page.data?.length) {
      throw new Error(page.errors.map((error) => error.message).join('; '));
    }
    if (page.data) records.push(...page.data);
    nextToken = page.nextToken ?? undefined;
    if (nextToken !== undefined) {
      if (seen.has(nextToken)) break;
      seen.add(nextToken);
    }
  } while (nextToken !== undefined);
  return records;
}

