import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { projectsQueryKey } from './get-projects';

export const deleteProject = (id: number) => api.delete<null>(ROUTES.project(id));

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: ['projects', String(id)], exact: true });
      return queryClient.invalidateQueries({ queryKey: projectsQueryKey, exact: true });
    },
  });
}
