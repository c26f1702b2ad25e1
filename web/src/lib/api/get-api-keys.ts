import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTES, type ApiKey } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The stored API keys (masked): the API settings dialog manages them, the run screen reads them for mock mode. */
export const getApiKeys = () => api.get<ApiKey[]>(ROUTES.apiKeys);

export const getApiKeysQueryOptions = () => queryOptions({ queryKey: queryKeys.apiKeys(), queryFn: getApiKeys });

export const useApiKeys = (enabled = true) => useQuery({ ...getApiKeysQueryOptions(), enabled });
