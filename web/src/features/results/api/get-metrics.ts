import { ROUTES, type Metrics } from '@promptgrid/contract';
import { api } from '@/lib/api-client';

export const getMetrics = (evaluationId: number) => api.get<Metrics>(ROUTES.apiRequestMetrics(evaluationId));
