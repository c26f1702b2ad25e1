import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTES, type ApiKey } from '@promptgrid/contract';
import { api } from '@/lib/api-client';

export const apiKeysQueryKey = ['api-keys'] as const;

export const getApiKeys = () => api.get<ApiKey[]>(ROUTES.apiKeys);

export const getApiKeysQueryOptions = () => queryOptions({ queryKey: apiKeysQueryKey, queryFn: getApiKeys });

export const useApiKeys = (enabled = true) => useQuery({ ...getApiKeysQueryOptions(), enabled });
