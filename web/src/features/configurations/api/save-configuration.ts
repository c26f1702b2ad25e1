import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type Configuration, type ReasoningSetting, type SaveConfigurationInput } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { invalidateProjectCounts } from '@/lib/api/invalidate-project-counts';

type ToolingFields = 'tools' | 'tool_choice' | 'response_schema';
export type SaveConfigurationPayload = Omit<
  SaveConfigurationInput,
  'parameters' | 'provider_specific_params' | ToolingFields
> &
  Partial<Pick<SaveConfigurationInput, ToolingFields>> & {
    /** reasoning: absent or null, the model's default (Add several sets none). */
    parameters: { temperature: number; max_tokens: number | null; reasoning?: ReasoningSetting | null };
    provider_specific_params: { json_mode?: boolean };
  };

export const createConfiguration = (projectId: string | number, data: SaveConfigurationPayload) =>
  api.post<Configuration>(ROUTES.configurations(projectId), data);

export const updateConfiguration = (id: number, data: SaveConfigurationPayload) =>
  api.put<Configuration>(ROUTES.configuration(id), data);

export function useSaveConfiguration(projectId: string | number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: number | null; data: SaveConfigurationPayload }) =>
      id === null ? createConfiguration(projectId, data) : updateConfiguration(id, data),
    onSuccess: (saved, { id }) => {
      queryClient.setQueryData<Configuration[]>(queryKeys.configurations(projectId), (list = []) =>
        id === null ? [...list, saved] : list.map((item) => (item.id === saved.id ? saved : item)),
      );
      if (id === null) invalidateProjectCounts(queryClient, projectId);
    },
  });
}
