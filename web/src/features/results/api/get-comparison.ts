import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTES, type EvaluationComparison } from '@promptgrid/contract';
import { api, ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Two runs of one project, cell by cell, changed cells first. */
export const getComparison = (base: number, head: number) =>
  api.get<EvaluationComparison>(ROUTES.compareEvaluations(base, head));

export const getComparisonQueryOptions = (base: number, head: number) =>
  queryOptions({
    queryKey: queryKeys.evaluationComparison(base, head),
    queryFn: () => getComparison(base, head),
    // 404 and 400 are answers, not hiccups to retry.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });

export const useComparison = (base: number, head: number) => useQuery(getComparisonQueryOptions(base, head));
