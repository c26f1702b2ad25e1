import { and, desc, eq, sql } from 'drizzle-orm';
import { totalCostUsd, type Evaluation, type Metrics, type StatusCounts } from '@promptgrid/contract';
import { readAllowed, deleteAllowed } from '../access/policy.js';
import type { Db } from '../db/client.js';
import { apiRequests, evaluations } from '../db/schema.js';

type EvaluationRow = typeof evaluations.$inferSelect;

type EvaluationColumns = 'id' | 'name' | 'projectId' | 'useMock' | 'totalRequests' | 'createdAt' | 'completedAt';
export const toEvaluation = (
  e: Pick<
    EvaluationRow,
    EvaluationColumns | 'repetitions' | 'cancelledAt' | 'costUsd' | 'judgeCostUsd' | 'budgetUsd'
  > & {
    configurationIds: number[];
    inputIds: number[];
    costComplete: boolean;
  },
): Evaluation => ({
  id: e.id,
  name: e.name,
  project: e.projectId,
  use_mock: e.useMock,
  total_requests: e.totalRequests,
  configuration_ids: e.configurationIds,
  input_ids: e.inputIds,
  created_at: e.createdAt.toISOString(),
  completed_at: e.completedAt?.toISOString() ?? null,
  repetitions: e.repetitions,
  cancelled_at: e.cancelledAt?.toISOString() ?? null,
  cost_usd: e.costUsd,
  cost_complete: e.costComplete,
  judge_cost_usd: e.judgeCostUsd,
  total_cost_usd: totalCostUsd(e.costUsd, e.judgeCostUsd),
  budget_usd: e.budgetUsd,
});

/** A mock run costs nothing; a real run's cost is complete when every model it ran had a price frozen in. */
const costCompleteSql = sql<boolean>`(${evaluations.useMock} or not exists (select 1 from jsonb_array_elements(
  ${evaluations.snapshot}->'configurations') c where jsonb_typeof(c->'ai_model'->'price') is distinct from 'object'))`;

export const summaryColumns = {
  id: evaluations.id,
  name: evaluations.name,
  projectId: evaluations.projectId,
  useMock: evaluations.useMock,
  totalRequests: evaluations.totalRequests,
  createdAt: evaluations.createdAt,
  completedAt: evaluations.completedAt,
  repetitions: evaluations.repetitions,
  cancelledAt: evaluations.cancelledAt,
  configurationIds: sql<
    number[]
  >`coalesce((select array_agg((c->>'id')::int) from jsonb_array_elements(${evaluations.snapshot}->'configurations') c), '{}')`,
  inputIds: sql<
    number[]
  >`coalesce((select array_agg((i->>'id')::int) from jsonb_array_elements(${evaluations.snapshot}->'inputs') i), '{}')`,
  costUsd: evaluations.costUsd,
  judgeCostUsd: evaluations.judgeCostUsd,
  budgetUsd: evaluations.budgetUsd,
  costComplete: costCompleteSql,
};

export async function listEvaluations(db: Db, userId: number, projectId?: number): Promise<Evaluation[]> {
  const rows = await db
    .select(summaryColumns)
    .from(evaluations)
    .where(
      projectId === undefined
        ? eq(evaluations.userId, userId)
        : and(eq(evaluations.userId, userId), eq(evaluations.projectId, projectId)),
    )
    .orderBy(desc(evaluations.createdAt), desc(evaluations.id));
  return rows.map(toEvaluation);
}

/** Throws 404 unless the evaluation exists and belongs to the user; answers when it completed (null: running). */
export const assertOwner = (db: Db, userId: number, evaluationId: number) =>
  readAllowed(db, userId, 'read', 'evaluation', evaluationId, { completedAt: evaluations.completedAt });

/**
 * How far back a poll of a running evaluation looks before the time it asks from. A write stamps updated_at when
 * its statement starts and becomes visible when it commits: a row stamped just before the caller's newest
 * updated_at may commit after the caller read. Once the evaluation has completed every write to its requests is
 * committed (the write that completes it waits for the others' lock on the evaluation row), so no margin is needed.
 */
export const IN_FLIGHT_WRITE_MARGIN_MS = 10_000;

/**
 * The first updated_at a poll from `updatedSince` must return. Timestamps leave the API at millisecond precision,
 * and the database keeps microseconds: a row the caller has seen at 12:00:00.123 may be stored at .123456, so the
 * poll starts at the next millisecond.
 */
export function changedFrom(updatedSince: string, completed: boolean): Date {
  const from = new Date(updatedSince).getTime() + 1;
  return new Date(completed ? from : from - IN_FLIGHT_WRITE_MARGIN_MS);
}

export async function metricsOf(db: Db, evaluationId: number): Promise<Metrics> {
  const [row] = await db
    .select({
      average: sql<number | null>`avg(${apiRequests.executionTime}) filter (where ${apiRequests.status} = 'SUCCESS')`,
      input: sql<number>`coalesce(sum(${apiRequests.inputTokenTotalCount}), 0)`,
      output: sql<number>`coalesce(sum(${apiRequests.outputTokenCount}), 0)`,
    })
    .from(apiRequests)
    .where(eq(apiRequests.evaluationId, evaluationId));
  const [cost] = await db
    .select({
      usd: evaluations.costUsd,
      complete: costCompleteSql,
      judgeUsd: evaluations.judgeCostUsd,
      cancelledAt: evaluations.cancelledAt,
    })
    .from(evaluations)
    .where(eq(evaluations.id, evaluationId));
  return {
    average_execution_time: row?.average === null || row?.average === undefined ? 0 : Number(row.average),
    input_tokens: Number(row?.input ?? 0),
    output_tokens: Number(row?.output ?? 0),
    cost_usd: cost?.usd ?? null,
    cost_complete: cost?.complete ?? true,
    judge_cost_usd: cost?.judgeUsd ?? null,
    total_cost_usd: totalCostUsd(cost?.usd ?? null, cost?.judgeUsd ?? null),
    cancelled: Boolean(cost?.cancelledAt),
  };
}

export async function statusCountsOf(db: Db, evaluationId: number): Promise<StatusCounts> {
  const rows = await db
    .select({ status: apiRequests.status, count: sql<number>`count(*)::int` })
    .from(apiRequests)
    .where(eq(apiRequests.evaluationId, evaluationId))
    .groupBy(apiRequests.status);
  const counts: StatusCounts = { PENDING: 0, IN_PROGRESS: 0, SUCCESS: 0, FAILED: 0, total: 0 };
  for (const r of rows) {
    counts[r.status] = Number(r.count);
    counts.total += Number(r.count);
  }
  return counts;
}

/** Average execution time (seconds) of the successful requests, and token totals. */
export async function getMetrics(db: Db, userId: number, evaluationId: number): Promise<Metrics> {
  await assertOwner(db, userId, evaluationId);
  return metricsOf(db, evaluationId);
}

export async function getStatusCounts(db: Db, userId: number, evaluationId: number): Promise<StatusCounts> {
  await assertOwner(db, userId, evaluationId);
  return statusCountsOf(db, evaluationId);
}

/**
 * Deletes the user's evaluation with its requests and results (their foreign keys cascade). A run still
 * going is cancelled by this: its requests not yet sent are never sent, and the replies of calls in flight are dropped
 * (a worker writes an outcome only onto a request row that is still there). It still counts in the month's usage.
 */
export async function deleteEvaluation(db: Db, userId: number, evaluationId: number): Promise<void> {
  await deleteAllowed(db, userId, 'evaluation', evaluationId);
}
