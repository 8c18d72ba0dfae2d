import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { configureAmplify } from './lib/amplify';
import { App } from './app/App';
import { preloadRoute } from './app/router';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// The first page's chunk loads while Amplify is configured (see app/lazy-page.tsx). Not a
// top-level await: the page's chunk imports this bundle, which must have finished evaluating.
void Promise.allSettled([configureAmplify(), preloadRoute(location.pathname)]).then(([configured]) => {
  // Without a client config the pages still render; their data queries fail into empty states.
  if (configured.status === 'rejected') console.error('Amplify is not configured:', configured.reason);
  const root = createRoot(rootElement);
  // A transition: React renders the first page in slices, yielding to the browser every few ms,
  // instead of one long task (Lighthouse's Total Blocking Time, issue 8).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
