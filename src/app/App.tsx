import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { ErrorBoundary } from '../components/errors/ErrorBoundary';
import { queryClient } from '../lib/query-client';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/**
 * The app as both sides render it (decision 0388): the browser with its one query cache and the
 * address bar, the server with a cache of the page's own and the requested URL (server-render.tsx).
 */
export function AppTree({ client, router }: { client: QueryClient; router: (routes: ReactNode) => ReactNode }) {
  return (
    <AppProvider client={client}>
      {router(
        <ErrorBoundary>
          <AppRoutes />
        </ErrorBoundary>,
      )}
    </AppProvider>
  );
}

const browserRouter = (routes: ReactNode) => <BrowserRouter>{routes}</BrowserRouter>;

export function App() {
  return <AppTree client={queryClient} router={browserRouter} />;
}
