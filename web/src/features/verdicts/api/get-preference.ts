import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTES, type VotePreference } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getPreference = (evaluationId: number) => api.get<VotePreference>(ROUTES.preference(evaluationId));

/** What the run's blind votes say; refetched after each vote. */
export const preferenceQuery = (evaluationId: number) =>
  queryOptions({ queryKey: queryKeys.evaluationPreference(evaluationId), queryFn: () => getPreference(evaluationId) });

export const usePreference = (evaluationId: number) => useQuery(preferenceQuery(evaluationId));
