// What the statistics read from a run: each request (a cell's repetition) with its check verdicts, its outputs, the
// judges' verdicts people rated and the blind votes. The main thread reads them; the statistics over them run on the
// untrusted-work pool (statistics-tasks.ts).
import { aliasedTable, and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { VoteWinner } from '@promptgrid/contract';
import { jsonRows, type Db } from '../db/client.js';
import { apiRequests, checks, ratings, results, scores, votes } from '../db/schema.js';

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
  // A run's rows by the ten thousand: read as JSON (see jsonRows).
  const [requests, verdicts] = await Promise.all([
    jsonRows<{
      id: number;
      input_id: number | null;
      configuration_id: number;
      repetition: number;
      status: Cell['status'];
      execution_time: number | null;
      cost_usd: number | null;
    }>(
      db,
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
        .where(and(eq(apiRequests.evaluationId, evaluationId), ofConfigurations)),
      // A run's requests are added input by input: in id order, what is listed per case follows the run's inputs.
      'id',
    ),
    jsonRows<{ api_request_id: number; check_id: number; pass: boolean }>(
      db,
      db
        .select({ apiRequestId: scores.apiRequestId, checkId: scores.checkId, pass: scores.pass })
        .from(scores)
        .where(
          and(
            eq(scores.evaluationId, evaluationId),
            isNotNull(scores.pass),
            configurationIds
              ? inArray(
                  scores.apiRequestId,
                  db
                    .select({ id: apiRequests.id })
                    .from(apiRequests)
                    .where(and(eq(apiRequests.evaluationId, evaluationId), ofConfigurations)),
                )
              : undefined,
          ),
        ),
      'api_request_id',
      'check_id',
    ),
  ]);
  const cells = new Map(
    requests.map((r): [number, Cell] => [
      r.id,
      {
        id: r.id,
        inputId: r.input_id,
        configurationId: r.configuration_id,
        repetition: r.repetition,
        status: r.status,
        executionTime: r.execution_time,
        costUsd: r.cost_usd,
        verdicts: new Map<number, boolean>(),
      },
    ]),
  );
  for (const v of verdicts) cells.get(v.api_request_id)?.verdicts.set(v.check_id, v.pass);
  return [...cells.values()];
}

/** A stored output with where it came from. */
export type RunOutput = {
  apiRequestId: number;
  inputId: number | null;
  configurationId: number;
  repetition: number;
  output: string;
};

/** The run's stored outputs with where they came from, in request order. */
export async function readOutputs(db: Db, evaluationId: number): Promise<RunOutput[]> {
  const rows = await jsonRows<{
    api_request_id: number;
    input_id: number | null;
    configuration_id: number;
    repetition: number;
    output: string;
  }>(
    db,
    db
      .select({
        apiRequestId: results.apiRequestId,
        inputId: results.inputId,
        configurationId: results.configurationId,
        repetition: apiRequests.repetition,
        output: results.output,
      })
      .from(results)
      .innerJoin(apiRequests, eq(apiRequests.id, results.apiRequestId))
      .where(eq(results.evaluationId, evaluationId)),
    'api_request_id',
  );
  return rows.map((r) => ({
    apiRequestId: r.api_request_id,
    inputId: r.input_id,
    configurationId: r.configuration_id,
    repetition: r.repetition,
    output: r.output,
  }));
}

/** One output both a judge check scored and a person rated. */
export type RatedVerdict = {
  apiRequestId: number;
  inputId: number | null;
  configurationId: number;
  checkId: number;
  judgePass: boolean;
  reason: string;
  rating: number;
};

/** The project's judge checks, in the order they were made. */
export function readJudgeChecks(db: Db, projectId: number) {
  return db
    .select({ id: checks.id, name: checks.name })
    .from(checks)
    .where(and(eq(checks.projectId, projectId), eq(checks.type, 'llm_judge')))
    .orderBy(asc(checks.id));
}

/** Every verdict of the run on an output a person rated (the caller keeps the judge checks' ones). */
export async function readRatedVerdicts(db: Db, evaluationId: number): Promise<RatedVerdict[]> {
  const rows = await db
    .select({
      apiRequestId: scores.apiRequestId,
      inputId: apiRequests.inputId,
      configurationId: apiRequests.configurationId,
      checkId: scores.checkId,
      judgePass: scores.pass,
      reason: scores.reason,
      rating: ratings.rating,
    })
    .from(scores)
    .innerJoin(ratings, eq(ratings.apiRequestId, scores.apiRequestId))
    .innerJoin(apiRequests, eq(apiRequests.id, scores.apiRequestId))
    .where(and(eq(scores.evaluationId, evaluationId), isNotNull(scores.pass)))
    .orderBy(asc(scores.apiRequestId));
  return rows.map((row) => ({ ...row, judgePass: row.judgePass! }));
}

export type VoteGame = { left: number; right: number; winner: VoteWinner };

/** Each vote with the configurations of its left and right outputs. */
export async function readVoteGames(db: Db, evaluationId: number): Promise<VoteGame[]> {
  const leftRequests = aliasedTable(apiRequests, 'left_requests');
  const rightRequests = aliasedTable(apiRequests, 'right_requests');
  return db
    .select({ left: leftRequests.configurationId, right: rightRequests.configurationId, winner: votes.winner })
    .from(votes)
    .innerJoin(leftRequests, eq(leftRequests.id, votes.leftRequestId))
    .innerJoin(rightRequests, eq(rightRequests.id, votes.rightRequestId))
    .where(eq(votes.evaluationId, evaluationId))
    .orderBy(asc(votes.id));
}
