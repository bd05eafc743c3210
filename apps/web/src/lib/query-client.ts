import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** Two retries at most, and none for a 4xx: asking again will not make a bad request or a 404 succeed. */
const MAX_RETRIES = 2;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // 30 s: fresh enough for balances and lists, while moving between pages does not refetch everything.
        staleTime: 30_000,
      },
      mutations: {
        // A mutation may have taken effect even if its answer was lost; never send it twice on our own.
        retry: false,
      },
    },
  });
}
