import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTES, type ApiKey } from '@promptgrid/contract';
import { api } from '@/lib/api-client';

export const getApiKeys = () => api.get<ApiKey[]>(ROUTES.apiKeys);

// Same key as the API settings modal, so a key saved there updates this screen.
export const getApiKeysQueryOptions = () => queryOptions({ queryKey: ['api-keys'], queryFn: getApiKeys });

export const useApiKeys = () => useQuery(getApiKeysQueryOptions());
