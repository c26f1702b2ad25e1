import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AiModel, Configuration } from '@promptgrid/contract';
import { errorText } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { withModel } from '../lib/model-change';
import { updateConfiguration } from './save-configuration';

export type ModelChangeResult = { changed: Configuration[]; refused: { name: string; message: string }[] };

/**
 * Saves each configuration with the new model through its own update, one after another: each is a new version of
 * its configuration, and one the server refuses (changed elsewhere meanwhile, a setting the model refuses) is
 * reported by name while the others are changed.
 */
async function changeModels(configurations: Configuration[], model: AiModel): Promise<ModelChangeResult> {
  const result: ModelChangeResult = { changed: [], refused: [] };
  for (const c of configurations) {
    try {
      result.changed.push(await updateConfiguration(c.id, withModel(c, model)));
    } catch (error) {
      result.refused.push({ name: c.name, message: errorText(error, 'Failed to save prompt') });
    }
  }
  return result;
}

export function useChangeModels(projectId: string | number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ configurations, model }: { configurations: Configuration[]; model: AiModel }) =>
      changeModels(configurations, model),
    onSuccess: ({ changed }) => {
      const byId = new Map(changed.map((c) => [c.id, c]));
      queryClient.setQueryData<Configuration[]>(queryKeys.configurations(projectId), (list) =>
        list?.map((item) => byId.get(item.id) ?? item),
      );
    },
  });
}
