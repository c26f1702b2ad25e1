import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTES, type ConfigurationVersion } from '@promptgrid/contract';
import { api } from '@/lib/api-client';

export const configurationVersionsQueryKey = (id: number) => ['configurations', 'versions', id] as const;

export const getConfigurationVersions = (id: number) =>
  api.get<ConfigurationVersion[]>(ROUTES.configurationVersions(id));

/** Asked for each time the editor opens: every save may have added a version. */
export const useConfigurationVersions = (id: number | null) =>
  useQuery({
    ...queryOptions({
      queryKey: configurationVersionsQueryKey(id ?? 0),
      queryFn: () => getConfigurationVersions(id!),
      staleTime: 0,
    }),
    enabled: id !== null,
  });
