import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useIsRestoring, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LIMITS, type ApiRequest, type Metrics } from '@promptgrid/contract';
import { queryKeys } from '@/lib/query-keys';
import { getApiRequests, getApiRequestsChangedSince } from '../api/get-api-requests';
import { similarityQuery } from '../api/get-output-similarity';
import { getMetrics } from '../api/get-metrics';
import { getResults } from '../api/get-results';
import { allTerminal, countStatuses } from '../lib/status';
import { mergeRequests, newestUpdate } from '../lib/merge-requests';
import type { EvaluationSnapshot } from '../lib/types';

/** One poll's answer; `endedAt` is when a poll first saw every request end (ISO), null while running. */
type Progress = { requests: ApiRequest[]; metrics: Metrics; endedAt: string | null };

const isDone = (progress: Progress | undefined, total: number | null) =>
  progress !== undefined && allTerminal(progress.requests, total ?? progress.requests.length);

/** How a run's progress is read: its requests and metrics (see useEvaluation). */
function progressQuery(queryClient: QueryClient, evaluationId: number, totalRequests: number | null) {
  const queryKey = queryKeys.evaluationProgress(evaluationId);
  return {
    queryKey,
    // After the first load, each poll asks only for the requests changed since the newest one seen.
    queryFn: async (): Promise<Progress> => {
      const known = queryClient.getQueryData<Progress>(queryKey)?.requests ?? [];
      const since = newestUpdate(known);
      const changed = await (since === null
        ? getApiRequests(evaluationId)
        : getApiRequestsChangedSince(evaluationId, since));
      // Asked after the requests, so the figures cover at least the requests seen: asked alongside, a poll that saw
      // the last request end could stop with figures from before it.
      const metrics = await getMetrics(evaluationId);
      const requests = since === null ? changed : mergeRequests(known, changed);
      // Once every request has ended polling stops, so this is the poll that first saw the end.
      const endedAt = allTerminal(requests, totalRequests ?? requests.length) ? new Date().toISOString() : null;
      return { requests, metrics, endedAt };
    },
  };
}

const resultsQuery = (evaluationId: number) => ({
  queryKey: queryKeys.evaluationResults(evaluationId),
  queryFn: () => getResults(evaluationId),
});

/** What is read with a run's documents, once they are in (see usePrefetchRun). */
export type AfterRun = {
  /** The matrix shows each output's similarity to its expected one. */
  similarity: boolean;
  /** The screen's other parts that read the run from the server (its leaderboard). */
  read?: (queryClient: QueryClient, evaluationId: number) => Promise<void>;
};

/**
 * Starts reading a run's requests and results as soon as its record says it is there, before the view that shows them
 * has rendered (a first render of a large run takes a while): its documents take the longest to come. Once they are
 * in, the figures read beside them (`after`) are asked for, so the server computes those while the browser lays the
 * documents out, instead of after. Nothing is read again that the cache (or the copy restored from browser storage)
 * already holds.
 */
export function usePrefetchRun(evaluationId: number | null, after: AfterRun) {
  const queryClient = useQueryClient();
  const restoring = useIsRestoring();
  const { similarity, read } = after;
  useEffect(() => {
    if (evaluationId === null || restoring) return;
    // A run's requests are all made when it starts, so its total is their count (the view knows it from the record).
    void Promise.all([
      queryClient.prefetchQuery({ ...progressQuery(queryClient, evaluationId, null), staleTime: Infinity }),
      queryClient.prefetchQuery({ ...resultsQuery(evaluationId), staleTime: Infinity }),
    ]).then(() =>
      Promise.all([
        similarity ? queryClient.prefetchQuery(similarityQuery(evaluationId, false)) : null,
        // A failed read here is asked again, and its failure shown, by the part of the screen that needs it.
        read?.(queryClient, evaluationId).catch(() => {}),
      ]),
    );
  }, [queryClient, evaluationId, restoring, similarity, read]);
}

/**
 * Polls the api requests and the metrics every 5 s until every request is SUCCESS or FAILED; then the end time is
 * recorded and the final results are loaded. Results are also loaded whenever more requests succeeded than are
 * shown, so cards fill in while the run goes on.
 */
export function useEvaluation(evaluationId: number | null, totalRequests: number | null) {
  const queryClient = useQueryClient();
  const progress = useQuery({
    ...progressQuery(queryClient, evaluationId!, totalRequests),
    enabled: evaluationId !== null,
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
  const endTime = done ? (progress.data?.endedAt ?? null) : null;

  // Results load alongside the first progress call (no waterfall), then again whenever more requests
  // succeeded than results are shown, and once more when polling ends (the final reload).
  const results = useQuery({
    ...resultsQuery(evaluationId!),
    enabled: evaluationId !== null,
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
  // The final reload: once, when this view saw the run go from polling to done (not for a finished run restored from
  // browser storage).
  const sawPolling = useRef(false);
  // Loading counts as polling too; only a run seen unfinished counts here (else a finished run loaded fresh fetched
  // all its results twice).
  const sawUnfinished = polling && progress.data !== undefined;
  useEffect(() => {
    if (sawUnfinished) sawPolling.current = true;
    else if (done && sawPolling.current) {
      sawPolling.current = false;
      void refetch();
    }
  }, [sawUnfinished, done, refetch]);

  const metrics = progress.data?.metrics ?? null;
  const snapshot = useMemo(
    (): EvaluationSnapshot | null =>
      evaluationId === null
        ? null
        : { evaluationId, totalRequests: total, apiRequests: requests, metrics, results: results.data ?? [], endTime },
    [evaluationId, total, requests, metrics, results.data, endTime],
  );

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
