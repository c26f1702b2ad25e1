import type { ApiRequest, Configuration, Input, Metrics, Result } from '@promptgrid/contract';

/** What the results screen shows of one evaluation; also what is cached per project. */
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

export type ResultsCache = EvaluationSnapshot & {
  version: 1;
  project: { id: number; name: string } | null;
  inputs: Input[];
  configs: Configuration[];
  selections: ResultsSelections;
  savedAt: string;
};
