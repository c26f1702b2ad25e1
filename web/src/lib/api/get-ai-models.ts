import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTES, type AiModel } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getAiModels = () => api.get<AiModel[]>(ROUTES.models);

// The catalogue changes with deployments only.
export const getAiModelsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.aiModels(), queryFn: getAiModels, staleTime: 10 * 60_000 });

export const useAiModels = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...getAiModelsQueryOptions(), ...options });
