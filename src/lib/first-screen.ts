/**
 * The first screen's data the local server inlined into the page (shared/first-screen.ts): read
 * once, handed to a query hook as TanStack Query initial data. Without it (AWS static hosting,
 * the Vite dev server) hooks fetch as usual.
 */
import { FIRST_SCREEN_ELEMENT_ID } from '../../shared/page-markers';

let answers: Record<string, unknown> | undefined;

/** The inlined answers by key; empty when the page has none or they are unreadable. */
export function readFirstScreen(doc?: Document): Record<string, unknown> {
  if (answers) return answers;
  answers = {};
  const text = (doc ?? document).getElementById(FIRST_SCREEN_ELEMENT_ID)?.textContent;
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) answers = parsed as Record<string, unknown>;
    } catch {
      // A broken block only costs the round trip it was meant to save.
    }
  }
  return answers;
}

/** Whether the server inlined any first-screen data into this page. */
export const hasFirstScreenData = (): boolean => Object.keys(readFirstScreen()).length > 0;

/** Forgets what was read (tests read several documents). */
export function resetFirstScreen(): void {
  answers = undefined;
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
