import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { HISTORY_PAGE_SIZE, ROUTES, type EvaluationHistoryPage } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** One page of the project's runs, newest first. */
export const getEvaluationHistory = (projectId: string | number, page: number, pageSize: number) =>
  api.get<EvaluationHistoryPage>(ROUTES.projectEvaluations(projectId, page, pageSize));

export const getEvaluationHistoryQueryOptions = (
  projectId: string | number,
  page = 1,
  pageSize: number = HISTORY_PAGE_SIZE.default,
) =>
  queryOptions({
    queryKey: queryKeys.evaluationHistory(projectId, page, pageSize),
    queryFn: () => getEvaluationHistory(projectId, page, pageSize),
  });

export const useEvaluationHistory = (projectId: string | number, page: number, enabled = true) =>
  // Asked again at each opening: a run started since (here or in another browser) belongs at the top.
  useQuery({
    ...getEvaluationHistoryQueryOptions(projectId, page),
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** The project's newest run, asked of the server each time the screen opens (another browser may have run one). */
export const useLatestEvaluation = (projectId: string | number, enabled: boolean) =>
  useQuery({ ...getEvaluationHistoryQueryOptions(projectId, 1, 1), enabled, staleTime: 0, retry: 1 });
