import { ROUTES, type Result } from '@promptgrid/contract';
import { api } from '@/lib/api-client';

export const getResults = (evaluationId: number) => api.get<Result[]>(ROUTES.results(evaluationId));
