import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTES, type Project } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getProjects = () => api.get<Project[]>(ROUTES.projects);

/** Newest update first: the project worked on last is the one most likely wanted next. */
export const sortByUpdatedDesc = (projects: readonly Project[]) =>
  [...projects].sort((a, b) => new Date(b.updated_at).getTime() - new Date(a.updated_at).getTime());

export const getProjectsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.projects(), queryFn: getProjects, select: sortByUpdatedDesc });

export const useProjects = () => useQuery(getProjectsQueryOptions());
