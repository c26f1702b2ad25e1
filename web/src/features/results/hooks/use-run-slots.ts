import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ApiRequest, Configuration, Input, Result } from '@promptgrid/contract';
import { queryKeys } from '@/lib/query-keys';
import { getApiRequests } from '../api/get-api-requests';
import type { CardExtras, RequestUpdates, RunSlotContext, RunSlots } from '../lib/run-slots';

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

type RunOnScreen = {
  evaluationId: number | null;
  polling: boolean;
  mock: boolean;
  configurationsById: ReadonlyMap<number, Configuration>;
  inputsById: ReadonlyMap<number, Input>;
  requests: ApiRequest[];
  results: Result[];
  compareConfigurations: (baseId: number, headId: number) => void;
};

/** The run as the slots see it, and the card slot as one stable object (cards are memoised). */
export function useRunSlots(screen: RunOnScreen, cardExtras: RunSlots['cardExtras']) {
  const { evaluationId, polling, mock, configurationsById, inputsById, requests, results, compareConfigurations } =
    screen;
  const updates = useRequestUpdates(evaluationId);
  const run = useMemo(
    (): RunSlotContext | null =>
      evaluationId === null
        ? null
        : {
            ...updates,
            evaluationId,
            polling,
            mock,
            nameOf: (id) => configurationsById.get(id)?.name ?? `Prompt #${id}`,
            inputOf: (id) => (id === null ? undefined : inputsById.get(id)),
            requests,
            results,
            compareConfigurations,
          },
    [updates, evaluationId, polling, mock, configurationsById, inputsById, requests, results, compareConfigurations],
  );
  const extras = useMemo(
    (): CardExtras | undefined =>
      cardExtras && evaluationId !== null ? { render: cardExtras, context: { ...updates, evaluationId } } : undefined,
    [cardExtras, evaluationId, updates],
  );
  return { run, extras };
}
