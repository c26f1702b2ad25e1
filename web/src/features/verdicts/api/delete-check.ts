import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type Check } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const deleteCheck = (id: number) => api.delete<null>(ROUTES.check(id));

export function useDeleteCheck(projectId: string | number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCheck,
    onSuccess: (_data, id) =>
      queryClient.setQueryData<Check[]>(queryKeys.checks(projectId), (list = []) =>
        list.filter((item) => item.id !== id),
      ),
  });
}
