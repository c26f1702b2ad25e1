import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS, ROUTES, type ConfigurationSummary } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getSummary = (evaluationId: number) => api.get<ConfigurationSummary[]>(ROUTES.summary(evaluationId));

/** While the run goes on, the leaderboard refreshes as often as the results do. */
export const getSummaryQueryOptions = (evaluationId: number, polling: boolean) =>
  queryOptions({
    queryKey: queryKeys.evaluationSummary(evaluationId),
    queryFn: () => getSummary(evaluationId),
    refetchInterval: polling ? LIMITS.pollingIntervalMs : false,
  });

export const useSummary = (evaluationId: number, polling: boolean) =>
  useQuery(getSummaryQueryOptions(evaluationId, polling));
