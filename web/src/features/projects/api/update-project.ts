import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type Project, type SaveProjectInput } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const updateProject = ({ id, ...input }: SaveProjectInput & { id: number }) =>
  api.put<Project>(ROUTES.project(id), input);

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    onSuccess: (project) => {
      queryClient.setQueryData(queryKeys.project(project.id), project);
      return queryClient.invalidateQueries({ queryKey: queryKeys.projects(), exact: true });
    },
  });
}
