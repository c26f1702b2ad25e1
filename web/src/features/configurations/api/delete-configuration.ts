import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type Configuration } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { invalidateProjectCounts } from '@/lib/api/invalidate-project-counts';

export const deleteConfiguration = (id: number) => api.delete<null>(ROUTES.configuration(id));

export function useDeleteConfiguration(projectId: string | number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConfiguration,
    onSuccess: (_data, id) => {
      queryClient.setQueryData<Configuration[]>(queryKeys.configurations(projectId), (list = []) =>
        list.filter((item) => item.id !== id),
      );
      invalidateProjectCounts(queryClient, projectId);
    },
  });
}
