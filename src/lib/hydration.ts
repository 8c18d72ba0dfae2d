/**
 * Server-rendered pages (decision 0388): the browser takes over the server's markup (hydration)
 * by rendering exactly what the server rendered. Preact keeps the server's attributes while it
 * hydrates, so a component that rendered what only the browser knows (the session in storage)
 * would leave the server's links and labels in place. Such components render the server's value
 * while hydrating and their own right after.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';

let hydrating = false;

/** Whether this render is the server's (app/server-render.tsx): there is no document to read or portal to. */
export const renderingOnServer = (): boolean => typeof document === 'undefined';

/** Runs `render` (the hydration of server markup) with useBrowserStore answering as the server did. */
export function whileHydrating(render: () => void): void {
  hydrating = true;
  try {
    render();
  } finally {
    hydrating = false;
  }
}

/**
 * useSyncExternalStore for a store only the browser has: `serverSnapshot` while the component
 * is hydrated from server markup, the store's value from the next render on.
 */
export function useBrowserStore<T>(subscribe: (listener: () => void) => () => void, getSnapshot: () => T, serverSnapshot: T): T {
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (!hydrated) setHydrated(true);
  }, [hydrated]);
  const value = useSyncExternalStore(subscribe, getSnapshot);
  return hydrated ? value : serverSnapshot;
}
