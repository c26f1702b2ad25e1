import { ROUTES, type SharedEvaluation, type ShareStatus, type UrlResponse } from '@promptgrid/contract';
import { api } from '@/lib/api-client';

export const getShareStatus = (evaluationId: number) => api.get<ShareStatus>(ROUTES.evaluationShare(evaluationId));
/** A new read-only link; one made before stops working. */
export const createShareLink = (evaluationId: number) => api.post<UrlResponse>(ROUTES.evaluationShare(evaluationId));
export const revokeShareLink = (evaluationId: number) => api.delete<null>(ROUTES.evaluationShare(evaluationId));
/** The public grid behind a link: no session needed. */
export const getSharedEvaluation = (token: string) => api.get<SharedEvaluation>(ROUTES.sharedEvaluation(token));
