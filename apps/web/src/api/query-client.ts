import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';
import { keepHomeSnapshot } from './home-snapshot';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A business answer (code 0, expiry) won't change by asking again; a network failure may.
      retry: (count, error) => count < 2 && error instanceof ApiError && error.kind === 'network',
      refetchOnWindowFocus: false,
    },
  },
});

// Before anything renders: a member's Home starts from the first page they last saw.
keepHomeSnapshot(queryClient);
