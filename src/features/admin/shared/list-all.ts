/**
 * Kept for compatibility: the app's one paging helper is `listAll` in src/lib/catalogue.ts
 * (follows `nextToken` to the end; pass `limit: LIST_PAGE_SIZE`). Import it from there.
 */
export { listAll, MAX_PAGE_SIZE as LIST_PAGE_SIZE, type ListPage } from '../../../lib/catalogue';
