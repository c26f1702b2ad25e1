import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS, ROUTES, type OutputSimilarity } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * Each output's similarity to its input's expected output, computed on the server (edit distances of long texts are
 * too slow for the page); read only when some input has an expected output, again while the run goes on.
 */
export const similarityQuery = (evaluationId: number, polling: boolean) =>
  queryOptions({
    queryKey: queryKeys.evaluationSimilarity(evaluationId),
    queryFn: () => api.get<OutputSimilarity>(ROUTES.similarity(evaluationId)),
    refetchInterval: polling ? LIMITS.pollingIntervalMs : false,
  });

export const useOutputSimilarity = (evaluationId: number, polling: boolean, enabled: boolean) =>
  useQuery({ ...similarityQuery(evaluationId, polling), enabled });
