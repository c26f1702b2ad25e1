import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type Input } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { invalidateProjectCounts } from '@/lib/api/invalidate-project-counts';
import { refreshInputPages } from './get-input-pages';

export const deleteInput = (projectId: string | number, inputId: number) =>
  api.delete<null>(ROUTES.input(projectId, inputId));

export function useDeleteInput(projectId: string | number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inputId: number) => deleteInput(projectId, inputId),
    onSuccess: (_data, inputId) => {
      queryClient.setQueryData<Input[]>(queryKeys.inputs(projectId), (list) =>
        list?.filter((item) => item.id !== inputId),
      );
      invalidateProjectCounts(queryClient, projectId);
      void refreshInputPages(queryClient, projectId);
    },
  });
}
