import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTES, type Project } from '@promptgrid/contract';
import { api } from '@/lib/api-client';

export const projectsQueryKey = ['projects'] as const;

export const getProjects = () => api.get<Project[]>(ROUTES.projects);

/** Newest update first: the project worked on last is the one most likely wanted next. */
export const sortByUpdatedDesc = (projects: readonly Project[]) =>
  [...projects].sort((a, b) => new Date(b.updated_at).getTime() - new Date(a.updated_at).getTime());

export const getProjectsQueryOptions = () =>
  queryOptions({ queryKey: projectsQueryKey, queryFn: getProjects, select: sortByUpdatedDesc });

export const useProjects = () => useQuery(getProjectsQueryOptions());
