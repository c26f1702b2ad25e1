import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type Project, type SaveProjectInput } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { projectsQueryKey } from './get-projects';

export const createProject = (input: SaveProjectInput) => api.post<Project>(ROUTES.projects, input);

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: (project) => {
      queryClient.setQueryData(['projects', String(project.id)], project);
      return queryClient.invalidateQueries({ queryKey: projectsQueryKey, exact: true });
    },
  });
}
