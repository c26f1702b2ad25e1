import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const deleteProject = (id: number) => api.delete<null>(ROUTES.project(id));

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.project(id), exact: true });
      return queryClient.invalidateQueries({ queryKey: queryKeys.projects(), exact: true });
    },
  });
}
