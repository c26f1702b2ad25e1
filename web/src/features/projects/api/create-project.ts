import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type Project, type SaveProjectInput } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const createProject = (input: SaveProjectInput) => api.post<Project>(ROUTES.projects, input);

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: (project) => {
      queryClient.setQueryData(queryKeys.project(project.id), project);
      return queryClient.invalidateQueries({ queryKey: queryKeys.projects(), exact: true });
    },
  });
}
