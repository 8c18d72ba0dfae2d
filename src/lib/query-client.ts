import { QueryClient } from '@tanstack/react-query';

/** One query cache for the whole app, so data survives navigation between pages. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      gcTime: 10 * 60_000,
      retry: 1,
      refetchOnWindowFocus: false,
    },
  },
});
