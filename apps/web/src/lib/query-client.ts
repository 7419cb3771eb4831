import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

const MAX_RETRIES = 1;
/** The HTTP status of an ApiError when no answer came (a network failure). */
const NO_ANSWER = 0;

/** Retry once on network and 5xx failures; a business failure or 4xx answer will not change. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (error instanceof ApiError) return error.status === NO_ANSWER || error.status >= 500;
  return true;
}

/** One client for the whole app: public reads stay fresh for 30 s, no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
