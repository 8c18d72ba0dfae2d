/**
 * Reading the public catalogue: every list follows `nextToken` to the end, and every query
 * keeps its data fresh for a few minutes, so going back to a page is instant. The paging helpers
 * (`fillPage`, `listAll`, from shared/list-pages) are the app's one way to read a list, admin screens included.
 */

import type { Schema } from '../../amplify/data/schema';
import { listAll, type ListPage } from '../../shared/list-pages';
import type { RsvpEventFields } from '../../shared/rsvp-rules';

/** How long catalogue data counts as fresh (TanStack Query `staleTime`). */
export const CATALOGUE_STALE_MS = 5 * 60_000;

export { byIndex, MAX_PAGE_SIZE } from '../../shared/catalogue';
export { fillPage } from '../../shared/list-pages';
export { listAll, type ListPage };

/**
 * Runs `work` in a task of its own, after what the current one still has to do: a message to
 * itself, which a tab in the background runs as soon as a timer's would be held to the next second.
 */
const inNextTask = <T>(work: () => T) =>
  new Promise<T>((resolve, reject) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      try {
        resolve(work());
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    channel.port2.postMessage(null);
  });

/**
 * Every record of a list, each page made into what the page needs by `prepare`, in the task after
 * it arrives, once the next page has been asked for: the work fills the wait for the network
 * instead of following the last page (decision 0389). The prepared pages, in the list's order.
 */
export async function listAllPrepared<T, P>(
  fetchPage: (nextToken: string | undefined) => Promise<ListPage<T>>,
  prepare: (records: readonly T[]) => P,
): Promise<P[]> {
  const prepared: Array<Promise<P>> = [];
  await listAll(async (nextToken) => {
    const page = await fetchPage(nextToken);
    const records = page.data ?? [];
    const done = inNextTask(() => prepare(records));
    // Awaited below; a list that fails meanwhile must not leave this rejection unheard.
    done.catch(() => undefined);
    prepared.push(done);
    return page;
  });
  return Promise.all(prepared);
}

/** A model's record as the API returns it, typed by the schema (amplify/data/schema.ts), not by hand. */
export type ModelRecord<Model extends keyof Schema> = Schema[Model]['type'];

/** A Category (the fields the storefront reads); `type`: which menus show it, any of Wine, Liquor, Extras (any case). */
export type CategoryRecord = Pick<ModelRecord<'Category'>, 'id' | 'name'> &
  Partial<Pick<ModelRecord<'Category'>, 'type' | 'visible' | 'index'>>;

/** A Tag (the fields the storefront reads). */
export type TagRecord = Pick<ModelRecord<'Tag'>, 'id' | 'name' | 'categoryId'> & Partial<Pick<ModelRecord<'Tag'>, 'index'>>;

/** An Event; `time` (HH:MM, 24-hour) and `img` are null when not set; its RSVP fields (shared/rsvp-rules.ts) when read. */
export type EventRecord = Pick<ModelRecord<'Event'>, 'id' | 'name' | 'date' | 'description'> & {
  time: string | null;
  img: string | null;
} & RsvpEventFields;
