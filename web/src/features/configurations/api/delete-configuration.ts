import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type Configuration } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { configurationsQueryKey } from './get-configurations';

export const deleteConfiguration = (id: number) => api.delete<null>(ROUTES.configuration(id));

export function useDeleteConfiguration(projectId: string | number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConfiguration,
    onSuccess: (_data, id) => {
      queryClient.setQueryData<Configuration[]>(configurationsQueryKey(projectId), (list = []) =>
        list.filter((item) => item.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: ['projects'], exact: true });
      void queryClient.invalidateQueries({ queryKey: ['projects', String(projectId)], exact: true });
    },
  });
}
