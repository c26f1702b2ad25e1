import { ROUTES, type ApiRequest } from '@promptgrid/contract';
import { api } from '@/lib/api-client';

export const getApiRequests = (evaluationId: number) => api.get<ApiRequest[]>(ROUTES.apiRequests(evaluationId));
