// What the statistics read from a run: each request (a cell's repetition) with its check verdicts.
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { apiRequests, results, scores } from '../db/schema.js';

export type Cell = {
  id: number;
  inputId: number | null;
  configurationId: number;
  repetition: number;
  status: 'PENDING' | 'IN_PROGRESS' | 'SUCCESS' | 'FAILED';
  executionTime: number | null;
  costUsd: number | null;
  /** Each check's pass or fail; a check that ended in an error has no verdict and is absent. */
  verdicts: Map<number, boolean>;
};

/** The run's requests (of the given configurations, or all), each with its verdicts. */
export async function readCells(db: Db, evaluationId: number, configurationIds?: number[]): Promise<Cell[]> {
  const ofConfigurations = configurationIds ? inArray(apiRequests.configurationId, configurationIds) : undefined;
  const [requests, verdicts] = await Promise.all([
    db
      .select({
        id: apiRequests.id,
        inputId: apiRequests.inputId,
        configurationId: apiRequests.configurationId,
        repetition: apiRequests.repetition,
        status: apiRequests.status,
        executionTime: apiRequests.executionTime,
        costUsd: apiRequests.costUsd,
      })
      .from(apiRequests)
      .where(and(eq(apiRequests.evaluationId, evaluationId), ofConfigurations))
      // A run's requests are added input by input: in id order, what is listed per case follows the run's inputs.
      .orderBy(apiRequests.id),
    db
      .select({ apiRequestId: scores.apiRequestId, checkId: scores.checkId, pass: scores.pass })
      .from(scores)
      .where(and(eq(scores.evaluationId, evaluationId), isNotNull(scores.pass))),
  ]);
  const cells = new Map(requests.map((r) => [r.id, { ...r, verdicts: new Map<number, boolean>() }]));
  for (const v of verdicts) cells.get(v.apiRequestId)?.verdicts.set(v.checkId, v.pass!);
  return [...cells.values()];
}

/** The run's stored outputs with where they came from. */
export function readOutputs(db: Db, evaluationId: number) {
  return db
    .select({
      apiRequestId: results.apiRequestId,
      inputId: results.inputId,
      configurationId: results.configurationId,
      repetition: apiRequests.repetition,
      output: results.output,
    })
    .from(results)
    .innerJoin(apiRequests, eq(apiRequests.id, results.apiRequestId))
    .where(eq(results.evaluationId, evaluationId));
}
