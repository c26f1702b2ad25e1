import { useMutation } from '@tanstack/react-query';
import { ROUTES, type RunEvaluationInput, type RunEvaluationResponse } from '@promptgrid/contract';
import { api } from '@/lib/api-client';

export const runEvaluation = (data: RunEvaluationInput) => api.post<RunEvaluationResponse>(ROUTES.runEvaluation, data);

export const useRunEvaluation = () => useMutation({ mutationFn: runEvaluation });
