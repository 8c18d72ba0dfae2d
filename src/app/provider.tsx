import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { areToastsRequested, subscribeToToastRequest } from '../lib/toast-signal';

const Toasts = lazy(() => import('./Toasts'));

/** Mounts the toast container once any code has loaded react-toastify. */
function ToastHost() {
  const needed = useSyncExternalStore(subscribeToToastRequest, areToastsRequested, () => false);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

/** App-wide providers: the query cache and the toast container. */
export function AppProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <ToastHost />
    </QueryClientProvider>
  );
}
