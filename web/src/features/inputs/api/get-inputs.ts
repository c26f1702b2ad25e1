import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTES, type Input } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getInputs = (projectId: string | number) => api.get<Input[]>(ROUTES.inputs(projectId));

export const getInputsQueryOptions = (projectId: string | number) =>
  queryOptions({ queryKey: queryKeys.inputs(projectId), queryFn: () => getInputs(projectId) });

export const useInputs = (projectId: string | number) => useQuery(getInputsQueryOptions(projectId));
