import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTES, type PublicConfig } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** What this server offers before sign-in: the Google client id, dev sign-in, billing. Fetched once per session. */
export const getPublicConfig = () => api.get<PublicConfig>(ROUTES.config);

export const getPublicConfigQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.publicConfig(), queryFn: getPublicConfig, staleTime: Infinity });

export const usePublicConfig = () => useQuery(getPublicConfigQueryOptions());
