import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type Input } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { inputsQueryKey } from './get-inputs';
import { invalidateProjectCounts } from './save-input';

export const deleteInput = (projectId: string | number, inputId: number) =>
  api.delete<null>(ROUTES.input(projectId, inputId));

export function useDeleteInput(projectId: string | number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inputId: number) => deleteInput(projectId, inputId),
    onSuccess: (_data, inputId) => {
      queryClient.setQueryData<Input[]>(inputsQueryKey(projectId), (list = []) =>
        list.filter((item) => item.id !== inputId),
      );
      invalidateProjectCounts(queryClient, projectId);
    },
  });
}
