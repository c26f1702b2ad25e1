import { ROUTES, type Evaluation } from '@promptgrid/contract';
import { api } from '@/lib/api-client';

/** The project's runs, newest first. */
export const getProjectEvaluations = (projectId: string) =>
  api.get<Evaluation[]>(`${ROUTES.evaluations}?project=${encodeURIComponent(projectId)}`);
