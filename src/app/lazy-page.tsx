import { lazy, useState, type ComponentType } from 'react';

/** A page loaded as its own chunk that can also be loaded before React renders it. */
export interface LazyPage {
  (): React.JSX.Element;
  /** Loads the page's chunk; the same promise for every call. */
  preload(): Promise<void>;
}

/**
 * `React.lazy` for a named export, plus `preload()`. A page whose chunk is already loaded
 * renders at once, without suspending: React 19 holds the content of a Suspense boundary that
 * showed its fallback for up to 300 ms, which on a first visit delayed the page (and the start of
 * its data queries) by that much. main.tsx preloads the page of the URL the visit starts on.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  let loaded: ComponentType | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = pick(module);
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
  return Object.assign(Page, { preload });
}
