import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTES, type Endpoint } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The user's OpenAI-compatible endpoints (keys masked, header values never sent): the API settings dialog manages
 * them, the run screen reads them for mock mode.
 */
export const getEndpoints = () => api.get<Endpoint[]>(ROUTES.endpoints);

export const getEndpointsQueryOptions = () => queryOptions({ queryKey: queryKeys.endpoints(), queryFn: getEndpoints });

export const useEndpoints = (enabled = true) => useQuery({ ...getEndpointsQueryOptions(), enabled });
