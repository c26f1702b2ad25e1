import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type CreateEndpointInput, type Endpoint, type UpdateEndpointInput } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const createEndpoint = (input: CreateEndpointInput) => api.post<Endpoint>(ROUTES.endpoints, input);

export const updateEndpoint = (id: number, input: UpdateEndpointInput) => api.put<Endpoint>(ROUTES.endpoint(id), input);

/** Saves an endpoint (a new one is created, an existing one changed); its models join or leave the model select. */
export function useSaveEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: UpdateEndpointInput & CreateEndpointInput }) =>
      id === null ? createEndpoint(input) : updateEndpoint(id, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.endpoints() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.aiModels() }),
      ]),
  });
}
