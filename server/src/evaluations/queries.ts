import { and, desc, eq, sql } from 'drizzle-orm';
import type { Evaluation, Metrics, StatusCounts } from '@promptgrid/contract';
import type { Db } from '../db/client.js';
import { apiRequests, evaluations } from '../db/schema.js';
import { notFound } from '../http/errors.js';

type EvaluationRow = typeof evaluations.$inferSelect;

export const toEvaluation = (
  e: Pick<EvaluationRow, 'id' | 'name' | 'projectId' | 'useMock' | 'totalRequests' | 'createdAt' | 'completedAt'> & {
    configurationIds: number[];
    inputIds: number[];
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
});

export const summaryColumns = {
  id: evaluations.id,
  name: evaluations.name,
  projectId: evaluations.projectId,
  useMock: evaluations.useMock,
  totalRequests: evaluations.totalRequests,
  createdAt: evaluations.createdAt,
  completedAt: evaluations.completedAt,
  configurationIds: sql<
    number[]
  >`coalesce((select array_agg((c->>'id')::int) from jsonb_array_elements(${evaluations.snapshot}->'configurations') c), '{}')`,
  inputIds: sql<
    number[]
  >`coalesce((select array_agg((i->>'id')::int) from jsonb_array_elements(${evaluations.snapshot}->'inputs') i), '{}')`,
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

/** Throws 404 unless the evaluation exists and belongs to the user. */
export async function assertOwner(db: Db, userId: number, evaluationId: number): Promise<void> {
  const [row] = await db
    .select({ id: evaluations.id })
    .from(evaluations)
    .where(and(eq(evaluations.id, evaluationId), eq(evaluations.userId, userId)));
  if (!row) throw notFound('Evaluation not found.');
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
  return {
    average_execution_time: row?.average === null || row?.average === undefined ? 0 : Number(row.average),
    input_tokens: Number(row?.input ?? 0),
    output_tokens: Number(row?.output ?? 0),
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
 * Deletes the user's evaluation with its requests and results (the evaluations_delete_requests trigger). A run still
 * going is cancelled by this: its requests not yet sent are never sent, and the replies of calls in flight are dropped
 * (a worker writes an outcome only onto a request row that is still there). It still counts in the month's usage.
 */
export async function deleteEvaluation(db: Db, userId: number, evaluationId: number): Promise<void> {
  const deleted = await db
    .delete(evaluations)
    .where(and(eq(evaluations.id, evaluationId), eq(evaluations.userId, userId)))
    .returning({ id: evaluations.id });
  if (deleted.length === 0) throw notFound('Evaluation not found.');
}
