import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type Configuration } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { invalidateProjectCounts } from '@/lib/api/invalidate-project-counts';

/** POST /api/configurations/{id}/duplicate/: a copy named 'Copy of {name}', at version 1. */
export const duplicateConfiguration = (id: number) => api.post<Configuration>(ROUTES.configurationDuplicate(id));

export function useDuplicateConfiguration(projectId: string | number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateConfiguration,
    onSuccess: (copy) => {
      queryClient.setQueryData<Configuration[]>(queryKeys.configurations(projectId), (list = []) => [...list, copy]);
      invalidateProjectCounts(queryClient, projectId);
    },
  });
}
