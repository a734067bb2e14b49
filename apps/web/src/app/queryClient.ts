import { MAINTENANCE_STATUS } from '@lisbon/domain';
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/api';

/** Retry once on a server hiccup; a 4xx or maintenance will not change by asking again at once. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  return isApiError(error) && error.status >= 500 && error.status !== MAINTENANCE_STATUS;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 60_000 },
      mutations: { retry: false },
    },
  });
}
