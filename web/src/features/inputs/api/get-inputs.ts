import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTES, type Input } from '@promptgrid/contract';
import { api } from '@/lib/api-client';

export const inputsQueryKey = (projectId: string | number) => ['inputs', String(projectId)] as const;

export const getInputs = (projectId: string | number) => api.get<Input[]>(ROUTES.inputs(projectId));

export const getInputsQueryOptions = (projectId: string | number) =>
  queryOptions({ queryKey: inputsQueryKey(projectId), queryFn: () => getInputs(projectId) });

export const useInputs = (projectId: string | number) => useQuery(getInputsQueryOptions(projectId));
