import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTES, type Check } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getChecks = (projectId: string | number) => api.get<Check[]>(ROUTES.checks(projectId));

export const getChecksQueryOptions = (projectId: string | number) =>
  queryOptions({ queryKey: queryKeys.checks(projectId), queryFn: () => getChecks(projectId) });

export const useChecks = (projectId: string | number) => useQuery(getChecksQueryOptions(projectId));
