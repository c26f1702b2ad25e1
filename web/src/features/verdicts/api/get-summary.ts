import { useEffect, useRef } from 'react';
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

export function useSummary(evaluationId: number, polling: boolean) {
  const summary = useQuery(getSummaryQueryOptions(evaluationId, polling));
  // The poll that sees the run end also stops this interval: one more fetch takes in the last outputs and judgements.
  const wasPolling = useRef(polling);
  const { refetch } = summary;
  useEffect(() => {
    if (wasPolling.current && !polling) void refetch();
    wasPolling.current = polling;
  }, [polling, refetch]);
  return summary;
}
