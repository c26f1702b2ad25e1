import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type RescoreResponse } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const rescoreEvaluation = (evaluationId: number) => api.post<RescoreResponse>(ROUTES.rescore(evaluationId));

/**
 * Scores the run's stored outputs again with the project's current checks; the leaderboard and the evidence built on
 * the verdicts follow (an edited rubric shows its new agreement with people's ratings).
 */
export function useRescoreEvaluation(evaluationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rescoreEvaluation(evaluationId),
    onSuccess: () =>
      Promise.all(
        [
          queryKeys.evaluationSummary(evaluationId),
          queryKeys.evaluationConsistency(evaluationId),
          queryKeys.evaluationJudgeAgreement(evaluationId),
          queryKeys.evaluationSignificances(evaluationId),
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
