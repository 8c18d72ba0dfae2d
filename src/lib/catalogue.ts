/**
 * Reading the public catalogue: every list follows `nextToken` to the end, and every query
 * keeps its data fresh for a few minutes, so going back to a page is instant. The paging helpers
 * (`fillPage`, `listAll`, from shared/list-pages) are the app's one way to read a list, admin screens included.
 */

import type { Schema } from '../../amplify/data/schema';
import type { RsvpEventFields } from '../../shared/rsvp-rules';

/** How long catalogue data counts as fresh (TanStack Query `staleTime`). */
export const CATALOGUE_STALE_MS = 5 * 60_000;

export { byIndex, MAX_PAGE_SIZE } from '../../shared/catalogue';
export { fillPage, listAll, type ListPage } from '../../shared/list-pages';

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
