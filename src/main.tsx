import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// Preact's own render, which diffs against the elements already there; react-dom's (Preact's
// compatibility layer) empties the container first, as React does.
import { render as renderOver, type ComponentChild } from 'preact';
import './app/global.css';
import { SERVER_AGE_GATE_ATTRIBUTE } from '../shared/page-markers';
import { keepAgeVerifiedCookie } from './lib/age-verification';
import { loadDataClient, loadDataClientOnFirstInteraction } from './lib/amplify';
import { hasFirstScreenData } from './lib/first-screen';
import { keepingFieldsWhile, whileHydrating } from './lib/hydration';
import { App } from './app/App';
import { preloadRoute } from './app/router';
import { queryClient, readsSettled } from './lib/query-client';

/** The longest a drawn page waits for its first reads before the app takes it over anyway. */
const TAKEOVER_WAIT_MS = 3000;

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// The Amplify libraries load beside the first page (data calls wait for them); without a client
// config the pages still render, and their data queries fail into empty states. A page whose
// first screen the server inlined needs none of them to draw: they wait for the visitor.
keepAgeVerifiedCookie();
// Read before the first reads start: they take the inlined answers as they use them.
const inlined = hasFirstScreenData();
if (inlined) loadDataClientOnFirstInteraction();
else loadDataClient().catch((error: unknown) => console.error('Amplify is not configured:', error));

// The first page's chunk loads, and its first reads start, before the first render (see
// app/lazy-page.tsx). Not a top-level await: the page's chunk imports this bundle, which must have
// finished evaluating.
void preloadRoute(location.pathname, { search: location.search, client: queryClient })
  .catch(() => undefined)
  .then(() => {
    const app = (
      <StrictMode>
        <App />
      </StrictMode>
    );
    const serverGate = document.querySelector(`[${SERVER_AGE_GATE_ATTRIBUTE}]`);
    if (rootElement.firstElementChild && inlined) {
      // A page the server rendered (decision 0388): the app takes its markup over, and its own
      // gate (if this visitor has not confirmed) replaces the server's in the same task.
      serverGate?.remove();
      whileHydrating(rootElement, () => hydrateRoot(rootElement, app));
      return;
    }
    if (rootElement.firstElementChild) {
      // A page drawn with answers too large to inline (decision 0391: a big menu). A visitor who
      // confirmed their age sees it as drawn while the page's first reads come in (for at most
      // TAKEOVER_WAIT_MS); then the app renders over it, reusing its elements and setting what
      // changed since it was drawn, and gets what the visitor typed meanwhile. Behind the
      // server's gate, whose button only the app answers, the app takes over at once.
      const takeOver = () =>
        keepingFieldsWhile(rootElement, () => {
          serverGate?.remove();
          renderOver(app as ComponentChild, rootElement);
        });
      if (serverGate) takeOver();
      else void Promise.race([readsSettled(queryClient), new Promise((resolve) => setTimeout(resolve, TAKEOVER_WAIT_MS))]).then(takeOver);
      return;
    }
    const root = createRoot(rootElement);
    // A transition: React renders the first page in slices, yielding to the browser every few ms,
    // instead of one long task (Lighthouse's Total Blocking Time, decision 0117).
    startTransition(() => root.render(app));
  });
