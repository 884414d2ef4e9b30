import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // Retry only what a retry can fix: a dropped connection, not a refusal by the server.
        retry: (count, error) => count < 2 && isApiError(error) && error.code === 'NETWORK_ERROR',
      },
      mutations: { retry: false },
    },
  });
}
