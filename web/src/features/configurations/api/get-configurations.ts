import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTES, type Configuration } from '@promptgrid/contract';
import { api } from '@/lib/api-client';

export const configurationsQueryKey = (projectId: string | number) => ['configurations', String(projectId)] as const;

export const getConfigurations = (projectId: string | number) =>
  api.get<Configuration[]>(ROUTES.configurations(projectId));

export const getConfigurationsQueryOptions = (projectId: string | number) =>
  queryOptions({ queryKey: configurationsQueryKey(projectId), queryFn: () => getConfigurations(projectId) });

export const useConfigurations = (projectId: string | number) => useQuery(getConfigurationsQueryOptions(projectId));
