import type { ApiRequest, Metrics, Result } from '@promptgrid/contract';

/** What the results screen shows of one evaluation. */
export type EvaluationSnapshot = {
  evaluationId: number;
  totalRequests: number | null;
  apiRequests: ApiRequest[];
  metrics: Metrics | null;
  results: Result[];
  /** When polling saw every request end (ISO), null while running. */
  endTime: string | null;
};

export type ResultsSelections = { inputId: number | null; configurationIds: number[] | null; showInput: boolean };
