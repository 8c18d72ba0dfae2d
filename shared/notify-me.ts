/**
 * "Notify me when it's back" (decision 0328): the rules both backends apply. A signed-in customer
 * with a confirmed address (the same message as reserving, shared/account-rules.ts) may ask about
 * an item whose stock is counted and at 0; an item not counted (null) is never "out", and one in
 * stock needs no asking. Each request is answered by one e-mail when the item's counted stock is
 * above 0 again, and is then consumed. Pure: the item page's button imports it.
 */

/** Open requests one customer may have at once. */
export const MAX_NOTIFY_REQUESTS = 50;

export const NOTIFY_MESSAGES = {
  signIn: 'Sign in to be told when it is back',
  customersOnly: "Only customers' accounts are told when an item is back",
  unknownItem: 'This item is no longer in the shop',
  inStock: 'This item is in stock: there is nothing to wait for',
  notCounted: 'The shop does not count this item, so it cannot tell you when it is back. Please call the shop.',
  tooMany: (max: number) => `You are waiting for ${max} items already. Cancel one to ask about another.`,
  asked: 'We will email you once when it is back.',
  rate: (wait: string) => `Too many requests at once. Try again in ${wait}.`,
} as const;

/** Why a customer may not ask about an item with this stock now, or null when they may. */
export function notifyRequestProblem(stock: number | null | undefined): string | null {
  if (stock === null || stock === undefined) return NOTIFY_MESSAGES.notCounted;
  return stock > 0 ? NOTIFY_MESSAGES.inStock : null;
}

/** Whether the item page offers the button: counted and at 0. */
export const offersNotifyMe = (stock: number | null | undefined): boolean => stock === 0 || (typeof stock === 'number' && stock < 0);

/**
 * Whether a write that left the item with `after` answers the open requests: its counted stock is
 * above 0. The requests exist only while it was at 0, so "from 0 to more" needs no memory of the
 * stock before; a stock no longer counted (null) answers nobody (the shop does not know it is back).
 */
export const isBackInStock = (after: number | null | undefined): boolean => typeof after === 'number' && after > 0;
