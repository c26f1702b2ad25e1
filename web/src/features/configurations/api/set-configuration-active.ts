import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type Configuration } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const setConfigurationActive = (id: number, isActive: boolean) =>
  api.patch<Configuration>(ROUTES.configuration(id), { is_active: isActive });

/** Saved first, then shown: the list changes only with the server's answer. */
export function useSetConfigurationActive(projectId: string | number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) => setConfigurationActive(id, isActive),
    onSuccess: (saved) => {
      queryClient.setQueryData<Configuration[]>(queryKeys.configurations(projectId), (list = []) =>
        list.map((item) => (item.id === saved.id ? saved : item)),
      );
    },
  });
}
