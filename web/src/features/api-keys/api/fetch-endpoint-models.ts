import { useMutation } from '@tanstack/react-query';
import { ROUTES, type FetchedEndpointModels } from '@promptgrid/contract';
import { api } from '@/lib/api-client';

/** Asks the saved endpoint for its GET /models; nothing is saved until the form is. */
export const fetchEndpointModels = (id: number) => api.post<FetchedEndpointModels>(ROUTES.endpointFetchModels(id));

export const useFetchEndpointModels = () => useMutation({ mutationFn: fetchEndpointModels });
