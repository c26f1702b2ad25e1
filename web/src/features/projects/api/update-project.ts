import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type Project, type SaveProjectInput } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { projectsQueryKey } from './get-projects';

export const updateProject = ({ id, ...input }: SaveProjectInput & { id: number }) =>
  api.put<Project>(ROUTES.project(id), input);

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    onSuccess: (project) => {
      queryClient.setQueryData(['projects', String(project.id)], project);
      return queryClient.invalidateQueries({ queryKey: projectsQueryKey, exact: true });
    },
  });
}
