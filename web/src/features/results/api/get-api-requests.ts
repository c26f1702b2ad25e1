import { ROUTES, type ApiRequest } from '@promptgrid/contract';
import { api } from '@/lib/api-client';

export const getApiRequests = (evaluationId: number) => api.get<ApiRequest[]>(ROUTES.apiRequests(evaluationId));

/** Only the requests changed after `updatedSince` (the newest updated_at already seen). */
export const getApiRequestsChangedSince = (evaluationId: number, updatedSince: string) =>
  api.get<ApiRequest[]>(ROUTES.apiRequestsChangedSince(evaluationId, updatedSince));
