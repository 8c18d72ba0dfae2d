/** Business constants of product §9 that the storefront uses. */

/** Home page: how many promoted items show at once, and how far one arrow click moves. */
export const PROMOTED_WINDOW = 3;
export const PROMOTED_STEP = 1;

/** Names are shortened to this many characters (plus an ellipsis) on home and the admin portal. */
export const SHORT_NAME_LENGTH = 7;
/** ... and to this many on the admin items grid. */
export const ADMIN_ITEM_NAME_LENGTH = 18;

/** Toasts close after this many milliseconds. */
export const TOAST_AUTO_CLOSE_MS = 5000;
