import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError } from './api-client';

const defaultOptions: DefaultOptions = {
  queries: {
    refetchOnWindowFocus: false,
    staleTime: 30_000,
    // A 4xx will not get better by asking again.
    retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
  },
};

export const createQueryClient = () => new QueryClient({ defaultOptions });
