import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type Configuration } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { invalidateProjectCounts } from '@/lib/api/invalidate-project-counts';
import type { SaveConfigurationPayload } from './save-configuration';

/** Creates several system prompts in one request: all of them, or none. */
export const createConfigurations = (projectId: string | number, configurations: SaveConfigurationPayload[]) =>
  api.post<Configuration[]>(ROUTES.configurationsBulk(projectId), { configurations });

export function useCreateConfigurations(projectId: string | number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (configurations: SaveConfigurationPayload[]) => createConfigurations(projectId, configurations),
    onSuccess: (created) => {
      queryClient.setQueryData<Configuration[]>(queryKeys.configurations(projectId), (list = []) => [
        ...list,
        ...created,
      ]);
      invalidateProjectCounts(queryClient, projectId);
    },
  });
}
