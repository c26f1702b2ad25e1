import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTES, type RunEstimate, type RunEvaluationInput } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type EstimatePayload = Pick<RunEvaluationInput, 'configuration_ids' | 'input_ids' | 'use_mock' | 'repetitions'>;

export const estimateRun = (payload: EstimatePayload) => api.post<RunEstimate>(ROUTES.runEvaluationEstimate, payload);

export const runEstimateQueryOptions = (payload: EstimatePayload) =>
  queryOptions({
    queryKey: queryKeys.runEstimate(payload),
    queryFn: () => estimateRun(payload),
    // The prompts do not change while the dialog is open; a new choice is a new key.
    staleTime: 60_000,
    retry: false,
  });

/** The estimate of the run the confirm dialog is about, fetched while it is open. */
export const useRunEstimate = (payload: EstimatePayload, enabled: boolean) =>
  useQuery({ ...runEstimateQueryOptions(payload), enabled });
