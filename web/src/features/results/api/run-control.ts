import {
  ROUTES,
  type CancelEvaluationResponse,
  type RerunEvaluationResponse,
  type RerunEvaluationInput,
} from '@promptgrid/contract';
import { api } from '@/lib/api-client';

export const cancelEvaluation = (evaluationId: number) =>
  api.post<CancelEvaluationResponse>(ROUTES.cancelEvaluation(evaluationId));

/** Runs finished requests again: those listed, or all of the evaluation; `failed_only` keeps the FAILED ones. */
export const rerunEvaluation = (evaluationId: number, body: Partial<RerunEvaluationInput>) =>
  api.post<RerunEvaluationResponse>(ROUTES.rerunEvaluation(evaluationId), body);
