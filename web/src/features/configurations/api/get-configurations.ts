import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTES, type Configuration } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getConfigurations = (projectId: string | number) =>
  api.get<Configuration[]>(ROUTES.configurations(projectId));

export const getConfigurationsQueryOptions = (projectId: string | number) =>
  queryOptions({ queryKey: queryKeys.configurations(projectId), queryFn: () => getConfigurations(projectId) });

export const useConfigurations = (projectId: string | number) => useQuery(getConfigurationsQueryOptions(projectId));
