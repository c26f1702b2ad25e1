import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTES, type Check } from '@promptgrid/contract';
import { api } from '@/lib/api-client';

export const checksQueryKey = (projectId: string | number) => ['checks', String(projectId)] as const;

export const getChecks = (projectId: string | number) => api.get<Check[]>(ROUTES.checks(projectId));

export const getChecksQueryOptions = (projectId: string | number) =>
  queryOptions({ queryKey: checksQueryKey(projectId), queryFn: () => getChecks(projectId) });

export const useChecks = (projectId: string | number) => useQuery(getChecksQueryOptions(projectId));
