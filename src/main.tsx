import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './app/global.css';
import { SERVER_AGE_GATE_ATTRIBUTE } from '../shared/page-markers';
import { keepAgeVerifiedCookie } from './lib/age-verification';
import { loadDataClient, loadDataClientOnFirstInteraction } from './lib/amplify';
import { hasFirstScreenData } from './lib/first-screen';
import { keepingFieldsWhile, whileHydrating } from './lib/hydration';
import { App } from './app/App';
import { preloadRoute } from './app/router';
import { queryClient, readsSettled } from './lib/query-client';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// The Amplify libraries load beside the first page (data calls wait for them); without a client
// config the pages still render, and their data queries fail into empty states. A page whose
// first screen the server inlined needs none of them to draw: they wait for the visitor.
keepAgeVerifiedCookie();
if (hasFirstScreenData()) loadDataClientOnFirstInteraction();
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
    if (rootElement.firstElementChild) {
      // A page the server rendered (decision 0388): the app takes its markup over, and its own
      // gate (if this visitor has not confirmed) replaces the server's in the same task.
      const takeOver = () => {
        document.querySelector(`[${SERVER_AGE_GATE_ATTRIBUTE}]`)?.remove();
        whileHydrating(rootElement, () => hydrateRoot(rootElement, app));
      };
      // Drawn with its answers inlined: at once. Drawn with answers too large to inline (decision
      // 0391: a big menu): it stays as drawn while the page's first reads come in, and what the
      // visitor typed meanwhile is handed to the app.
      if (hasFirstScreenData()) takeOver();
      else void readsSettled(queryClient).then(() => keepingFieldsWhile(rootElement, takeOver));
      return;
    }
    const root = createRoot(rootElement);
    // A transition: React renders the first page in slices, yielding to the browser every few ms,
    // instead of one long task (Lighthouse's Total Blocking Time, decision 0117).
    startTransition(() => root.render(app));
  });
