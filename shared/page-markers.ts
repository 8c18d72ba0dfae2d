/**
 * Markers in index.html that the local server fills in or strips (server/http/static-assets.ts).
 * No imports: vite.config.ts reads this file too.
 */

/** Where the first screen's data goes (shared/first-screen.ts), and the id of its JSON data block. */
export const FIRST_SCREEN_PLACEHOLDER = '<!--first-screen-->';
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen';

/**
 * Marks index.html's modulepreload of the Amplify libraries, which a page with inlined data does
 * not need during its load: the server leaves it out of such pages.
 */
export const DATA_CLIENT_PRELOAD_ATTRIBUTE = 'data-client-preload';

/**
 * Around index.html's page head (title, description, the shop-wide card): the local server
 * replaces what is between them with the page's own head (shared/page-head.ts); static hosting
 * serves them as they are, the shop-wide defaults.
 */
export const PAGE_HEAD_START = '<!--page-head-->';
export const PAGE_HEAD_END = '<!--/page-head-->';
