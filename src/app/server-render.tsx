/**
 * The public pages as the server renders them (decision 0388), from the same components as the
 * browser: the page at a URL with the first screen's answers the server inlines beside it
 * (shared/first-screen.ts), so the browser takes the markup over (hydrates) with the same data
 * and no second fetch. Built for Node by vite.config.ts; server/http/page-markup.ts loads it.
 */
import { text } from 'node:stream/consumers';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { AgeGateDialog } from '../components/layout/AgeGate';
import { provideFirstScreen, resetFirstScreen } from '../lib/first-screen';
import { setRenderingTime } from '../lib/hydration';
import { setRenderingOrigin } from '../lib/page-origin';
import { setDrawingForLocalServer } from '../lib/amplify';
import { AppTree } from './App';
import { preloadRoute } from './router';

/**
 * One page at a time: the answers and the origin are provided module-wide (the components read
 * them as the browser reads its document), and a page waits while a lazily loaded part of it
 * loads, when another page must not provide its own.
 */
let pending: Promise<unknown> = Promise.resolve();

/**
 * The longest a page waits for its lazily loaded parts (module imports, all local): past it the
 * parts still loading are drawn as their fallbacks (nothing), and the browser draws them.
 */
const LAZY_PARTS_DEADLINE_MS = 5000;

/**
 * The markup of #root for the page at `href` (the shop's origin, path and query), drawn with
 * `answers` as a visit that starts there would draw it: signed out, the gate left to renderAgeGate;
 * what follows the clock as at `drawnAt` (ms), which the page tells the browser for its takeover;
 * for the local server, or for AWS's page server (`localServer` false, decision 0392).
 */
export function renderPage(href: string, answers: Record<string, unknown>, drawnAt: number, localServer = true): Promise<string> {
  const drawn = pending.then(() => draw(href, answers, drawnAt, localServer));
  pending = drawn.catch(() => undefined);
  return drawn;
}

async function draw(href: string, answers: Record<string, unknown>, drawnAt: number, localServer: boolean): Promise<string> {
  const { origin, pathname, search } = new URL(href);
  const url = `${pathname}${search}`;
  await preloadRoute(pathname);
  // A cache of this page's own: answers never pass from one visitor's page to another's.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = (routes: ReactNode) => <StaticRouter location={url}>{routes}</StaticRouter>;
  provideFirstScreen(answers);
  setRenderingOrigin(origin);
  setRenderingTime(drawnAt);
  // What only the local server serves (the .ics feed's link) is drawn by it alone.
  setDrawingForLocalServer(localServer);
  // A prerender waits for every Suspense boundary (the lazily loaded parts), so the page is whole.
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new Error('lazily loaded parts still loading')), LAZY_PARTS_DEADLINE_MS);
  let failure: unknown = null;
  try {
    const { prelude } = await prerenderToNodeStream(<AppTree client={client} router={router} />, {
      signal: deadline.signal,
      // Every part in place, however large: a part sent apart would need an inline script to be
      // put in place, which the pages' Content-Security-Policy (script-src 'self') refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => {
        failure ??= error;
      },
    });
    const markup = await text(prelude);
    // A part that failed would be drawn as its fallback (a spinner) and cached: the page goes out
    // without its body instead, and the renderer's caller reports why (decision 0388).
    if (failure && !deadline.signal.aborted)
      throw failure instanceof Error ? failure : new Error('the page failed to render', { cause: failure });
    return markup;
  } finally {
    clearTimeout(timer);
    resetFirstScreen();
    client.clear();
  }
}

/** The 21+ gate's dialog, drawn over a server-rendered page until the app takes over. */
export function renderAgeGate(): string {
  return renderToString(<AgeGateDialog textId="server-age-gate-text" titleId="server-age-gate-title" />);
}
