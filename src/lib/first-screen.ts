/**
 * The first screen's data the local server inlined into the page (shared/first-screen.ts): read
 * once, handed to a query as TanStack Query initial data (by its hook, or by the page's first
 * reads: decision 0389). Without it (AWS static hosting, the Vite dev server) queries fetch as usual.
 */
import type { QueryKey } from '@tanstack/react-query';
import { FIRST_SCREEN_ELEMENT_ID, FIRST_SCREEN_LEFT_OUT_ATTRIBUTE } from '../../shared/page-markers';
import { CATALOGUE_STALE_MS } from './catalogue';
import { isJsonObject, parseJsonAs } from './json';

let answers: Record<string, unknown> | undefined;

/** The inlined answers by key; empty when the page has none or they are unreadable. */
export function readFirstScreen(doc?: Document): Record<string, unknown> {
  if (answers) return answers;
  // A broken block only costs the round trip it was meant to save.
  answers = parseJsonAs((doc ?? document).getElementById(FIRST_SCREEN_ELEMENT_ID)?.textContent, isJsonObject) ?? {};
  return answers;
}

/**
 * Whether the server inlined this page's whole first screen: not one drawn with answers left out
 * (decision 0393), whose app reads those at once.
 */
export const firstScreenIsWhole = (doc: Document = document): boolean =>
  Object.keys(readFirstScreen(doc)).length > 0 &&
  !doc.getElementById(FIRST_SCREEN_ELEMENT_ID)?.hasAttribute(FIRST_SCREEN_LEFT_OUT_ATTRIBUTE);

/** Forgets what was read (tests read several documents; the server renders page after page). */
export function resetFirstScreen(): void {
  answers = undefined;
}

/** The answers a page is rendered with on the server (app/server-render.tsx), in place of the document's block. */
export function provideFirstScreen(found: Record<string, unknown>): void {
  answers = { ...found };
}

/**
 * Query options that start a query with the inlined answers for `keys` (all of them, or none),
 * made into the query's data by `toData`, which shapes them as a fetched answer is shaped (both
 * select `SELECTIONS`). Each answer serves once: a query made again later (after the cache let
 * it go) fetches instead of showing the page's old answer. They date from when the page was
 * requested, so they go stale like any fetched data.
 */
export function firstScreenData<T>(keys: readonly string[], toData: (answers: unknown[]) => T) {
  return {
    initialData: (): T | undefined => {
      const found = readFirstScreen();
      if (!keys.every((key) => key in found)) return undefined;
      let data: T;
      try {
        data = toData(keys.map((key) => found[key]));
      } catch {
        return undefined;
      }
      for (const key of keys) delete found[key];
      return data;
    },
    initialDataUpdatedAt: Math.round(performance.timeOrigin),
  };
}

/**
 * A storefront query's options: fetched by `queryFn`, fresh for CATALOGUE_STALE_MS, started with
 * the page's inlined answers for `keys` when there are some (made into data by `toData`).
 */
export function catalogueQuery<T, TKey extends QueryKey>(
  queryKey: TKey,
  queryFn: () => Promise<T>,
  keys: readonly string[],
  toData: (answers: unknown[]) => T,
) {
  return { queryKey, queryFn, staleTime: CATALOGUE_STALE_MS, ...firstScreenData(keys, toData) };
}

/**
 * Whether a server wrote this page's whole head: it came with every answer of its first screen
 * inlined, which the head was built from (the local server and AWS's page server). A page without
 * them (an answer failed or was too big) may have a head written without its data.
 */
export const headWrittenByServer = (doc: Document = document): boolean => doc.getElementById(FIRST_SCREEN_ELEMENT_ID) !== null;
