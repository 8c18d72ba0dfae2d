import { lazy, useState, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { FirstReads } from '../lib/query-client';

/** A page loaded as its own chunk that can also be loaded before React renders it. */
export interface LazyPage {
  (): React.JSX.Element;
  /** Loads the page's chunk; the same promise for every call. */
  preload(): Promise<void>;
  /**
   * Loads the chunk and starts the page's first reads. On a first visit main.tsx calls it before
   * the first render: a page's queries would otherwise start only from its effects, which run
   * after the first paint (decision 0389).
   */
  startReads(search: URLSearchParams, client: QueryClient): Promise<void>;
}

/**
 * `React.lazy` for a named export, plus `preload()`. A page whose chunk is already loaded
 * renders at once, without suspending: React 19 holds the content of a Suspense boundary that
 * showed its fallback for up to 300 ms, which on a first visit delayed the page (and the start of
 * its data queries) by that much. main.tsx preloads the page of the URL the visit starts on.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, pickReads?: (module: M) => FirstReads): LazyPage {
  let loaded: ComponentType | null = null;
  let reads: FirstReads | undefined;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = pick(module);
        reads = pickReads?.(module);
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Suspending = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  function Page() {
    // Chosen once per mount: switching between the two would remount the page.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <Suspending />;
  }
  const startReads = (search: URLSearchParams, client: QueryClient) => preload().then(() => reads?.(search, client));
  return Object.assign(Page, { preload, startReads });
}
