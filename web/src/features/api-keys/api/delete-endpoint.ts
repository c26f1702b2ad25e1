import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const deleteEndpoint = (id: number) => api.delete<null>(ROUTES.endpoint(id));

export function useDeleteEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEndpoint,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.endpoints() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.aiModels() }),
      ]),
  });
}
