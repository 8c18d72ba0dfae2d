import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './app/global.css';
import { keepAgeVerifiedCookie } from './lib/age-verification';
import { loadDataClient, loadDataClientOnFirstInteraction } from './lib/amplify';
import { firstScreenIsWhole } from './lib/first-screen';
import { readDrawnTime } from './lib/hydration';
import { App } from './app/App';
import { preloadRoute } from './app/router';
import { queryClient } from './lib/query-client';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// The Amplify libraries load beside the first page (data calls wait for them); without a client
// config the pages still render, and their data queries fail into empty states. A page whose
// whole first screen the server inlined needs none of them to draw: they wait for the visitor.
keepAgeVerifiedCookie();
// Read before the first reads start: they take the inlined answers as they use them.
const inlined = firstScreenIsWhole();
if (inlined) loadDataClientOnFirstInteraction();
else loadDataClient().catch((error: unknown) => console.error('Amplify is not configured:', error));

// The first page's chunk loads, and its first reads start, before the first render (see
// app/lazy-page.tsx). Not a top-level await: the page's chunk imports this bundle, which must have
// finished evaluating.
void preloadRoute(location.pathname, { search: location.search, client: queryClient })
  .catch(() => undefined)
  .then(() => {
    // StrictMode checks the components in development (effects run twice); nothing in production.
    const app = (
      <StrictMode>
        <App />
      </StrictMode>
    );
    if (rootElement.firstElementChild) {
      // A page the server rendered (decision 0388): React takes its markup over with the same
      // answers, and the app's own gate (if this visitor has not confirmed) replaces the server's
      // (components/layout/AgeGate.tsx). A big menu drawn without its list (decision 0393) stays
      // as drawn until its list is in.
      readDrawnTime(rootElement);
      hydrateRoot(rootElement, app);
      return;
    }
    const root = createRoot(rootElement);
    // A transition: React renders the first page in slices, yielding to the browser every few ms,
    // instead of one long task (Lighthouse's Total Blocking Time, decision 0117).
    startTransition(() => root.render(app));
  });
