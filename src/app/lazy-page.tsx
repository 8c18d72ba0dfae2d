import { useEffect, useState, type ComponentType } from 'react';
import { Spinner } from '../components/ui/Spinner';
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
 * A page from its own chunk, named by `pick`, plus `preload()`. A page whose chunk is already
 * loaded renders at once: main.tsx and the server's renderer preload the page of the URL, so the
 * first render, and React's hydration of a drawn page, draw the page itself. Otherwise it shows the
 * page spinner, loads the chunk from an effect and renders the page once it is in (decision 0390).
 * A chunk that fails to load is thrown while rendering, for the error boundary to show, and is
 * tried again when the page mounts again, which `React.lazy` would not do (it keeps a failure for
 * good). The search e2e holds a chunk back and presses Back meanwhile.
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
  function Page() {
    const [Loaded, setLoaded] = useState(() => loaded);
    const [failure, setFailure] = useState<Error | null>(null);
    useEffect(() => {
      if (Loaded) return;
      let mounted = true;
      preload().then(
        () => mounted && setLoaded(() => loaded),
        (error: unknown) => mounted && setFailure(error instanceof Error ? error : new Error('The page could not be loaded.')),
      );
      return () => {
        mounted = false;
      };
    }, [Loaded]);
    if (failure) throw failure;
    return Loaded ? <Loaded /> : <Spinner label="Loading page" />;
  }
  const startReads = (search: URLSearchParams, client: QueryClient) => preload().then(() => reads?.(search, client));
  return Object.assign(Page, { preload, startReads });
}
