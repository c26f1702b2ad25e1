import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  Evaluation,
  EvaluationHistoryItem,
  EvaluationHistoryPage,
  EvaluationHistoryQuery,
  EvaluationRecord,
  StatusCounts,
} from '@promptgrid/contract';
import type { Db } from '../db/client.js';
import { apiRequests, evaluations } from '../db/schema.js';
import { countTokens } from '../lib/tokens.js';
import { allowedRow, allows, assertAllowed, readAllowed } from '../access/policy.js';
import { frozenConfiguration, frozenInput } from './compare.js';
import { summaryColumns, toEvaluation } from './queries.js';

const emptyCounts = (): StatusCounts => ({ PENDING: 0, IN_PROGRESS: 0, SUCCESS: 0, FAILED: 0, total: 0 });

/** The status counts of several runs in one grouped scan of their requests (the evaluation index serves it). */
async function statusCountsByEvaluation(db: Db, evaluationIds: number[]): Promise<Map<number, StatusCounts>> {
  const byEvaluation = new Map(evaluationIds.map((id) => [id, emptyCounts()]));
  if (evaluationIds.length === 0) return byEvaluation;
  const rows = await db
    .select({ evaluationId: apiRequests.evaluationId, status: apiRequests.status, count: sql<number>`count(*)::int` })
    .from(apiRequests)
    .where(inArray(apiRequests.evaluationId, evaluationIds))
    .groupBy(apiRequests.evaluationId, apiRequests.status);
  for (const row of rows) {
    const counts = byEvaluation.get(row.evaluationId)!;
    counts[row.status] = Number(row.count);
    counts.total += Number(row.count);
  }
  return byEvaluation;
}

/** One page of the project's runs, newest first; 404 unless the project is the caller's. */
export async function listEvaluationHistory(
  db: Db,
  userId: number,
  projectId: number,
  { page, page_size }: EvaluationHistoryQuery,
): Promise<EvaluationHistoryPage> {
  await assertAllowed(db, userId, 'read', 'project', projectId);
  const mine = and(eq(evaluations.userId, userId), eq(evaluations.projectId, projectId));
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(evaluations)
      .where(mine)
      .orderBy(desc(evaluations.createdAt), desc(evaluations.id))
      .limit(page_size)
      .offset((page - 1) * page_size),
    db.select({ total: count() }).from(evaluations).where(mine),
  ]);
  const counts = await statusCountsByEvaluation(
    db,
    rows.map((r) => r.id),
  );
  const items = rows.map((row): EvaluationHistoryItem => {
    const { configuration_ids, input_ids, ...evaluation } = toEvaluation(row);
    return {
      ...evaluation,
      configuration_count: configuration_ids.length,
      input_count: input_ids.length,
      status_counts: counts.get(row.id) ?? emptyCounts(),
    };
  });
  return { items, total: Number(totalRow?.total ?? 0), page, page_size };
}

/** Renames the caller's run; 404 unless it is theirs. */
export async function renameEvaluation(
  db: Db,
  userId: number,
  evaluationId: number,
  name: string,
): Promise<Evaluation> {
  const renamed = await db
    .update(evaluations)
    .set({ name })
    .where(allows(userId, 'write', 'evaluation', evaluationId))
    .returning({ id: evaluations.id });
  allowedRow(renamed, 'evaluation');
  // Deleted right after the rename (with its project, on another server): the same 404.
  const row = allowedRow(
    await db.select(summaryColumns).from(evaluations).where(eq(evaluations.id, evaluationId)),
    'evaluation',
  );
  return toEvaluation(row);
}

/** The caller's run with the configurations and inputs it froze at start; 404 unless it is theirs. */
export async function getEvaluationRecord(db: Db, userId: number, evaluationId: number): Promise<EvaluationRecord> {
  const row = await readAllowed(db, userId, 'read', 'evaluation', evaluationId, {
    ...summaryColumns,
    snapshot: evaluations.snapshot,
  });
  return {
    evaluation: toEvaluation(row),
    configurations: row.snapshot.configurations.map((c) => ({
      ...frozenConfiguration(c),
      prompt_token_count: countTokens(c.prompt_content),
    })),
    inputs: row.snapshot.inputs.map((i) => ({
      ...frozenInput(i),
      token_count: countTokens(i.content),
      expected_output: i.expected_output ?? null,
      variables: i.variables ?? {},
    })),
  };
}
