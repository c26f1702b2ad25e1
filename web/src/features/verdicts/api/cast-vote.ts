import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type CastVoteInput, type Vote } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const castVote = (evaluationId: number, vote: CastVoteInput) => api.post<Vote>(ROUTES.votes(evaluationId), vote);

/** Records one blind vote; the vote list takes it at once and the leaderboard's win rates and scores refresh. */
export function useCastVote(evaluationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vote: CastVoteInput) => castVote(evaluationId, vote),
    onSuccess: (vote) => {
      queryClient.setQueryData<Vote[]>(queryKeys.evaluationVotes(evaluationId), (list = []) => [...list, vote]);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.evaluationSummary(evaluationId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.evaluationPreference(evaluationId) }),
      ]);
    },
  });
}
