import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { ApiError } from '@/lib/api-client';
import { cancelEvaluation, rerunEvaluation } from '../api/run-control';

/** What the server said, without field names: `detail`, or the field messages one after another. */
function messageOf(error: Error): string {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null)
    return 'Something went wrong. Please try again.';
  const body = error.body as Record<string, unknown>;
  if (typeof body.detail === 'string') return body.detail;
  return Object.values(body).flat().map(String).join(' ');
}

/**
 * Cancel and re-run for the evaluation on screen. Either changes its requests on the server, so the progress poll
 * (which asks only for what changed) and the results are fetched again: a re-run starts the polling again.
 */
export function useRunControl(evaluationId: number | null) {
  const queryClient = useQueryClient();
  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.evaluationProgress(evaluationId) });
    await queryClient.invalidateQueries({ queryKey: queryKeys.evaluationResults(evaluationId) });
  }, [queryClient, evaluationId]);
  const cancel = useMutation({ mutationFn: () => cancelEvaluation(evaluationId!), onSettled: refresh });
  const rerun = useMutation({
    mutationFn: (body: { request_ids?: number[]; failed_only?: boolean }) => rerunEvaluation(evaluationId!, body),
    onSuccess: refresh,
  });
  const error = cancel.error ?? rerun.error;
  const { mutate: rerunMutate } = rerun;
  const rerunRequests = useCallback((requestIds: number[]) => rerunMutate({ request_ids: requestIds }), [rerunMutate]);
  return {
    cancel: () => cancel.mutate(),
    cancelling: cancel.isPending,
    rerunFailed: () => rerun.mutate({ failed_only: true }),
    /** Re-runs these requests (a card's runs); stable, so memoised cards do not render again. */
    rerunRequests,
    rerunning: rerun.isPending,
    error: error ? messageOf(error) : null,
    clearError: () => {
      cancel.reset();
      rerun.reset();
    },
  };
}

export type RunControl = ReturnType<typeof useRunControl>;
