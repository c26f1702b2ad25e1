import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTES, type EvaluationRecord } from '@promptgrid/contract';
import { api, ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A run's name and the configurations and inputs it froze at start. */
export const getEvaluationRecord = (evaluationId: number) => api.get<EvaluationRecord>(ROUTES.evaluation(evaluationId));

export const getEvaluationRecordQueryOptions = (evaluationId: number) =>
  queryOptions({
    queryKey: queryKeys.evaluationRecord(evaluationId),
    queryFn: () => getEvaluationRecord(evaluationId),
    // A run's frozen copies never change; only a rename does, and it updates this entry itself.
    staleTime: Infinity,
    // 404 is an answer (missing or another user's run), not a hiccup to retry.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });

export const useEvaluationRecord = (evaluationId: number | null) =>
  useQuery({ ...getEvaluationRecordQueryOptions(evaluationId ?? 0), enabled: evaluationId !== null });
