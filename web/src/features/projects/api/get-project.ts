import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTES, type Project } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getProject = (id: number | string) => api.get<Project>(ROUTES.project(id));

/** One project by id: the top bar and the project screens share its cache entry. */
export const getProjectQueryOptions = (id: number | string) =>
  queryOptions({ queryKey: queryKeys.project(id), queryFn: () => getProject(id), staleTime: 5 * 60_000 });

export const useProject = (id: number | string | undefined) =>
  useQuery({ ...getProjectQueryOptions(id ?? ''), enabled: id !== undefined && id !== '' });
