import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type Input } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { invalidateProjectCounts } from '@/lib/api/invalidate-project-counts';
import { refreshInputPages } from './get-input-pages';

/** POST …/inputs/{id}/duplicate/: a copy named 'Copy of {name}'. */
export const duplicateInput = (projectId: string | number, id: number) =>
  api.post<Input>(ROUTES.inputDuplicate(projectId, id));

export function useDuplicateInput(projectId: string | number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => duplicateInput(projectId, id),
    onSuccess: (copy) => {
      queryClient.setQueryData<Input[]>(queryKeys.inputs(projectId), (list) => list && [...list, copy]);
      invalidateProjectCounts(queryClient, projectId);
      void refreshInputPages(queryClient, projectId);
    },
  });
}
