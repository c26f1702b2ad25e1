import { useMutation, useQueryClient } from '@tanstack/react-query';
import { defaultKeyLabel, ROUTES, type ApiKey, type Provider } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const createApiKey = (provider: Provider, key: string) =>
  api.post<ApiKey>(ROUTES.apiKeys, { provider, key, label: defaultKeyLabel(provider) });

export const replaceApiKey = (id: number, key: string) => api.put<ApiKey>(ROUTES.apiKey(id), { key, is_active: true });

/** Saves a provider's key: a new one is created (POST), an existing one is replaced in place (PUT). */
export function useSaveApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, key, existing }: { provider: Provider; key: string; existing?: ApiKey | null }) =>
      existing ? replaceApiKey(existing.id, key) : createApiKey(provider, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys() }),
  });
}
