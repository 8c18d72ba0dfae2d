/**
 * A big menu drawn by the server without its list inlined (decision 0393): React hydrates the
 * rest of the page at once, and the menu waits as drawn (its Suspense boundary not yet hydrated)
 * until the app has read the list itself. The list the page was drawn from is told by a
 * fingerprint the menu draws; a list that has changed since (a bottle added, a price changed) is
 * drawn anew rather than hydrated over markup it does not match.
 */
import { use } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { dropDrawnMarkup, renderingOnServer, useHydrated } from '../../lib/hydration';
import { menuItemsQuery } from './api/get-menu';
import type { MenuCategory, MenuItem } from './menu-filter';

/** On the menu drawn on the server or hydrated: the fingerprint of the list it shows. */
export const LIST_FINGERPRINT_ATTRIBUTE = 'data-list-fingerprint';

/** FNV-1a, 32 bits. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) value = Math.imul(value ^ text.charCodeAt(index), 0x01000193);
  return value >>> 0;
}

/**
 * A fingerprint of a menu's list: the same for the same items in any order (the server reads the
 * list's pages as they come, the app sorts each page as it arrives), another when any item, or
 * any field an item is drawn with, differs.
 */
export function listFingerprint(items: readonly MenuItem[] | undefined): string {
  if (!items) return 'none';
  let fingerprint = fingerprints.get(items);
  if (fingerprint === undefined) {
    let sum = 0;
    for (const item of items) sum = (sum + hash(JSON.stringify(item))) >>> 0;
    fingerprint = `${items.length}-${sum.toString(36)}`;
    fingerprints.set(items, fingerprint);
  }
  return fingerprint;
}

/** Each list's fingerprint, made once: the takeover compares it, and the menu's hydrating render draws it. */
const fingerprints = new WeakMap<readonly MenuItem[], string>();

const drawnFingerprint = (): string | null =>
  document.querySelector(`[${LIST_FINGERPRINT_ATTRIBUTE}]`)?.getAttribute(LIST_FINGERPRINT_ATTRIBUTE) ?? null;

/** One read per menu, shared by every render that waits for it (React's `use` needs the same promise). */
const listReads = new Map<MenuCategory, Promise<void>>();

function readDrawnList(client: QueryClient, menu: MenuCategory): Promise<void> {
  let read = listReads.get(menu);
  if (!read) {
    read = client.ensureQueryData(menuItemsQuery(menu)).then(
      (items) => {
        if (listFingerprint(items) !== drawnFingerprint()) dropDrawnMarkup();
      },
      // The app shows the failure (and its Retry) in place of the drawn grid.
      () => dropDrawnMarkup(),
    );
    listReads.set(menu, read);
  }
  return read;
}

/**
 * While the menu is hydrated from markup drawn with a list it has not read yet: suspends until the
 * list is in (or the drawn markup is dropped). Does nothing on the server, in any later render,
 * and when the list was inlined in the page.
 */
export function useDrawnListRead(menu: MenuCategory): void {
  const hydrated = useHydrated();
  const client = useQueryClient();
  if (hydrated || renderingOnServer() || client.getQueryData(menuItemsQuery(menu).queryKey) !== undefined) return;
  use(readDrawnList(client, menu));
}
