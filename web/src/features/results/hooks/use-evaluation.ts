import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LIMITS, type ApiRequest, type Metrics } from '@promptgrid/contract';
import { getApiRequests } from '../api/get-api-requests';
import { getMetrics } from '../api/get-metrics';
import { getResults } from '../api/get-results';
import { allTerminal, countStatuses } from '../lib/status';
import type { EvaluationSnapshot } from '../lib/types';

type Progress = { requests: ApiRequest[]; metrics: Metrics };

const isDone = (progress: Progress | undefined, total: number | null) =>
  progress !== undefined && allTerminal(progress.requests, total ?? progress.requests.length);

/**
 * Polling of spec section 4: every 5 s the api requests and the metrics, until every request is
 * SUCCESS or FAILED; then the end time is recorded and the final results are loaded. Results are
 * also loaded whenever more requests succeeded than are shown, so cards fill in while the run goes on.
 */
export function useEvaluation(
  evaluationId: number | null,
  totalRequests: number | null,
  cached: EvaluationSnapshot | null,
) {
  const seed = cached && cached.evaluationId === evaluationId ? cached : null;
  const [endTime, setEndTime] = useState<string | null>(seed?.endTime ?? null);

  const progress = useQuery({
    queryKey: ['evaluations', evaluationId, 'progress'],
    queryFn: async (): Promise<Progress> => {
      const [requests, metrics] = await Promise.all([getApiRequests(evaluationId!), getMetrics(evaluationId!)]);
      return { requests, metrics };
    },
    enabled: evaluationId !== null,
    initialData: seed && seed.metrics ? { requests: seed.apiRequests, metrics: seed.metrics } : undefined,
    initialDataUpdatedAt: seed ? 0 : undefined,
    staleTime: (query) => (isDone(query.state.data, totalRequests) ? Infinity : 0),
    refetchInterval: (query) =>
      query.state.error || isDone(query.state.data, totalRequests) ? false : LIMITS.pollingIntervalMs,
    refetchOnWindowFocus: false,
    retry: false,
  });

  const requests = useMemo(() => progress.data?.requests ?? [], [progress.data]);
  const total = totalRequests ?? (requests.length || null);
  const done = isDone(progress.data, totalRequests);
  const pollError = progress.isError;
  const polling = evaluationId !== null && !done && !pollError;
  const successCount = countStatuses(requests).SUCCESS;

  useEffect(() => {
    if (done && !endTime) setEndTime(new Date().toISOString());
  }, [done, endTime]);

  // Results load alongside the first progress call (no waterfall), then again whenever more requests
  // succeeded than results are shown, and once more when polling ends (the final reload).
  const results = useQuery({
    queryKey: ['evaluations', evaluationId, 'results'],
    queryFn: () => getResults(evaluationId!),
    enabled: evaluationId !== null,
    initialData: seed && seed.results.length > 0 && done ? seed.results : undefined,
    initialDataUpdatedAt: 0,
    staleTime: Infinity,
    retry: 1,
  });
  const shown = results.data?.length ?? 0;
  const { refetch, isFetching } = results;
  const askedFor = useRef(0);
  useEffect(() => {
    // Once per new success count, so a server that is a moment behind does not cause a loop.
    if (!isFetching && results.isSuccess && shown < successCount && askedFor.current !== successCount) {
      askedFor.current = successCount;
      void refetch();
    }
  }, [isFetching, results.isSuccess, shown, successCount, refetch]);
  const sawPolling = useRef(false);
  if (polling) sawPolling.current = true;
  useEffect(() => {
    if (done && sawPolling.current) {
      sawPolling.current = false;
      void refetch();
    }
  }, [done, refetch]);

  const snapshot: EvaluationSnapshot | null =
    evaluationId === null
      ? null
      : {
          evaluationId,
          totalRequests: total,
          apiRequests: requests,
          metrics: progress.data?.metrics ?? null,
          results: results.data ?? [],
          endTime: done ? endTime : null,
        };

  // After a polling error: one fetch now; on success the interval above starts again by itself.
  const { refetch: refetchProgress } = progress;
  const resume = useCallback(() => void refetchProgress(), [refetchProgress]);

  return {
    snapshot,
    polling,
    pollError,
    /** Restarts polling after 'Error while polling for updates'. */
    resume,
    resuming: pollError && progress.isFetching,
    resultsError: results.isError,
    loadingFirst: progress.isPending && evaluationId !== null,
  };
}
