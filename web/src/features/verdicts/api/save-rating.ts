import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type SavedRating, type SaveRatingInput } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const saveRating = (apiRequestId: number, data: SaveRatingInput) =>
  api.put<SavedRating>(ROUTES.rating(apiRequestId), data);

/**
 * Sets (1, -1) or clears (0) one output's rating; the leaderboard counts ratings and the judge agreement compares the
 * judges with them, so both refresh.
 */
export function useSaveRating(evaluationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ apiRequestId, data }: { apiRequestId: number; data: SaveRatingInput }) =>
      saveRating(apiRequestId, data),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.evaluationSummary(evaluationId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.evaluationJudgeAgreement(evaluationId) }),
      ]),
  });
}
