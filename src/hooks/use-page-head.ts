import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import type { EventFacts } from '../../shared/event-structured-data';
import type { ItemFacts } from '../../shared/structured-data';
import { headWrittenByServer } from '../lib/first-screen';
import { useLoadedShopSettings } from '../lib/shop-settings';

/** What a page knows that its head shows (its item, its events). */
export interface PageHeadData {
  /** An /item page's item; null when it does not exist. */
  item?: ItemFacts | null;
  events?: readonly EventFacts[];
  /** The items a menu or a search shows, for its ItemList (decision 0380). */
  list?: ReadonlyArray<{ id: string; name: string }>;
}

/** The events query's key (src/features/events/api/get-events.ts). */
const EVENTS_QUERY_KEY = ['events'] as const;

/**
 * The events the events page has loaded, read from the query cache without asking for them (a
 * query made here first would miss the answers the server inlined), so /events gets its Event
 * JSON-LD in the browser too. Undefined elsewhere.
 */
function useCachedEvents(pathname: string): readonly EventFacts[] | undefined {
  const queryClient = useQueryClient();
  const onEvents = pathname.replace(/\/+$/, '').toLowerCase() === '/events';
  const subscribe = useCallback((onChange: () => void) => queryClient.getQueryCache().subscribe(onChange), [queryClient]);
  const cached = () => (onEvents ? queryClient.getQueryData<EventFacts[]>(EVENTS_QUERY_KEY) : undefined);
  // The same on the server: only the head's effect reads it, which the server does not run.
  return useSyncExternalStore(subscribe, cached, cached);
}

/**
 * The URL whose head a server (the local one, or AWS's page server) wrote into this document, until the visitor leaves it:
 * that head is already right, so the first page loads no head builder at all.
 */
let serverWrittenUrl: string | null =
  typeof document !== 'undefined' && headWrittenByServer() ? `${location.pathname}${location.search}` : null;

/**
 * Sets the head of the page that calls it: title, description, canonical link, robots, Open
 * Graph and Twitter cards and JSON-LD, from the function the servers write the first page's
 * head with (shared/page-head.ts), so client-side navigation keeps them right. The builders load
 * on the first client-side navigation (a server wrote the first page's head) or after the first
 * render (the Vite dev server, which shows index.html's shop-wide head meanwhile): the first
 * screen's scripts stay within design §4's budget.
 *
 * A public page (home, menu, item, events, about, sign-in, not found) passes no title: its title
 * comes from its route and its data (the item's name, the department), exactly as the server
 * writes it, and a title passed there would be ignored. Only the admin screens, whose route says
 * nothing of what they show, name themselves: `usePageHead('Tags · Admin')`.
 */
export function usePageHead(data?: PageHeadData): void;
export function usePageHead(adminTitle: string): void;
export function usePageHead(titleOrData?: string | PageHeadData): void {
  const title = typeof titleOrData === 'string' ? titleOrData : undefined;
  const data = typeof titleOrData === 'object' ? titleOrData : {};
  const { pathname, search } = useLocation();
  const settings = useLoadedShopSettings();
  const cachedEvents = useCachedEvents(pathname);
  const item = data.item;
  const list = data.list;
  const events = data.events ?? cachedEvents;
  useEffect(() => {
    if (serverWrittenUrl === `${pathname}${search}`) return;
    serverWrittenUrl = null;
    let current = true;
    void import('../lib/page-head').then(({ writePageHead }) =>
      writePageHead({ pathname, search, settings, item, list, events, title }, () => current),
    );
    return () => {
      current = false;
    };
  }, [pathname, search, settings, item, list, events, title]);
}
