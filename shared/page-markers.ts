/**
 * Markers in index.html that the local server fills in or strips (server/http/static-assets.ts).
 * No imports: vite.config.ts reads this file too.
 */

/** Where the first screen's data goes (shared/first-screen.ts), and the id of its JSON data block. */
export const FIRST_SCREEN_PLACEHOLDER = '<!--first-screen-->';
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen';

/**
 * On the first screen's data block of a page drawn with answers too large to inline (decision
 * 0393: a big menu): the keys of the answers left out, which the app reads itself.
 */
export const FIRST_SCREEN_LEFT_OUT_ATTRIBUTE = 'data-left-out';

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

/**
 * The build's list of each public page's own chunks, by route name (vite.config.ts writes it
 * beside index.html): the local server announces the page's chunks in its HTML (modulepreload),
 * so they download beside the first bundle instead of after it has run.
 */
export const ROUTE_CHUNKS_FILE = 'route-chunks.json';

/**
 * The public pages' renderer for the server (decision 0388): built by vite.config.ts into this
 * folder of the build, from src/app/<SERVER_RENDER_ENTRY>.tsx; the local server loads it and
 * never serves the folder.
 */
export const SERVER_RENDER_DIR = 'server-render';
export const SERVER_RENDER_ENTRY = 'server-render';

/** index.html's app root, as written there: the server puts a rendered page's body inside it. */
export const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * On #root of a page the server drew: when it drew it (ms since the epoch). The app hydrates with
 * that time, so what follows the clock (open or closed, a Sale that ends) matches the markup.
 */
export const DRAWN_AT_ATTRIBUTE = 'data-drawn-at';

/** Marks the age gate the server draws beside a page it renders; the app removes it as it takes over. */
export const SERVER_AGE_GATE_ATTRIBUTE = 'data-server-age-gate';
