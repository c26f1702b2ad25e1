import { useQuery } from '@tanstack/react-query';
import { ROUTES, type Project } from '@promptgrid/contract';
import { api } from '@/lib/api-client';

/** GET /api/projects/{id}/ under the key the top bar uses too, so the name is fetched once and cached. */
export const useProject = (projectId: string) =>
  useQuery({
    queryKey: ['projects', projectId],
    queryFn: () => api.get<Project>(ROUTES.project(projectId)),
    enabled: projectId !== '',
  });
