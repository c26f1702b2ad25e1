import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ApiRequest } from '@promptgrid/contract';
import { queryKeys } from '@/lib/query-keys';
import { getApiRequests } from '../api/get-api-requests';
import type { RequestUpdates } from '../lib/run-slots';

type Progress = { requests: ApiRequest[] };

/**
 * Writes into the run's polled requests: a rating does not change a request's updated_at, and a rescore changes
 * scores only, so neither would reach the screen through the changed-since polling.
 */
export function useRequestUpdates(evaluationId: number | null): RequestUpdates {
  const queryClient = useQueryClient();
  const patchRequest = useCallback(
    (id: number, patch: Partial<ApiRequest>) =>
      queryClient.setQueryData<Progress>(queryKeys.evaluationProgress(evaluationId), (data) =>
        data ? { ...data, requests: data.requests.map((r) => (r.id === id ? { ...r, ...patch } : r)) } : data,
      ),
    [queryClient, evaluationId],
  );
  const reloadRequests = useCallback(async () => {
    if (evaluationId === null) return;
    const requests = await getApiRequests(evaluationId);
    queryClient.setQueryData<Progress>(queryKeys.evaluationProgress(evaluationId), (data) =>
      data ? { ...data, requests } : data,
    );
  }, [queryClient, evaluationId]);
  return useMemo(() => ({ patchRequest, reloadRequests }), [patchRequest, reloadRequests]);
}
