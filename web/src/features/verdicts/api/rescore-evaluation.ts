import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type RescoreResponse } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const rescoreEvaluation = (evaluationId: number) => api.post<RescoreResponse>(ROUTES.rescore(evaluationId));

/** Scores the run's stored outputs again with the project's current checks; the leaderboard follows. */
export function useRescoreEvaluation(evaluationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rescoreEvaluation(evaluationId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.evaluationSummary(evaluationId) }),
  });
}
