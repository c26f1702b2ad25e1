import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const deleteApiKey = (id: number) => api.delete<null>(ROUTES.apiKey(id));

export function useDeleteApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys() }),
  });
}
