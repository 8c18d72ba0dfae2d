import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';
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
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastHost />
    </QueryClientProvider>
  );
}
