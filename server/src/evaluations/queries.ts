import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type {
  ApiRequest,
  ApiRequestWithOutput,
  Evaluation,
  EvaluationResults,
  Metrics,
  Result,
  StatusCounts,
} from '@promptgrid/contract';
import type { Db } from '../db/client.js';
import { apiRequests, evaluations, results } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { readVerdicts, type Verdicts } from '../verdicts/verdicts.js';

type EvaluationRow = typeof evaluations.$inferSelect;

const toEvaluation = (
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

const summaryColumns = {
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
async function assertOwner(db: Db, userId: number, evaluationId: number): Promise<void> {
  const [row] = await db
    .select({ id: evaluations.id })
    .from(evaluations)
    .where(and(eq(evaluations.id, evaluationId), eq(evaluations.userId, userId)));
  if (!row) throw notFound('Evaluation not found.');
}

type RequestRow = typeof apiRequests.$inferSelect;
const toApiRequest = (r: RequestRow, verdicts: Verdicts): ApiRequest => ({
  id: r.id,
  evaluation: r.evaluationId,
  input: r.inputId,
  configuration: r.configurationId,
  status: r.status,
  execution_time: r.executionTime,
  input_token_total_count: r.inputTokenTotalCount,
  output_token_count: r.outputTokenCount,
  error_message: r.errorMessage,
  attempts: r.attempts,
  ...verdicts,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

export async function listApiRequests(db: Db, userId: number, evaluationId: number): Promise<ApiRequest[]> {
  await assertOwner(db, userId, evaluationId);
  const rows = await db
    .select()
    .from(apiRequests)
    .where(eq(apiRequests.evaluationId, evaluationId))
    .orderBy(asc(apiRequests.id));
  const verdictsOf = await readVerdicts(db, evaluationId);
  return rows.map((r) => toApiRequest(r, verdictsOf(r.id)));
}

export async function listResults(db: Db, userId: number, evaluationId: number): Promise<Result[]> {
  await assertOwner(db, userId, evaluationId);
  const rows = await db
    .select()
    .from(results)
    .where(eq(results.evaluationId, evaluationId))
    .orderBy(asc(results.apiRequestId));
  return rows.map((r) => ({
    id: r.id,
    evaluation: r.evaluationId,
    api_request: r.apiRequestId,
    input: r.inputId,
    configuration: r.configurationId,
    output: r.output,
    execution_time: r.executionTime,
    token_count: r.tokenCount,
    input_token_total_count: r.inputTokenTotalCount,
    created_at: r.createdAt.toISOString(),
  }));
}

async function metricsOf(db: Db, evaluationId: number): Promise<Metrics> {
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

async function statusCountsOf(db: Db, evaluationId: number): Promise<StatusCounts> {
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

/** The whole run in one document: see EvaluationResults in the contract. */
export async function getEvaluationResults(db: Db, userId: number, evaluationId: number): Promise<EvaluationResults> {
  const [evaluation] = await db
    .select({ ...summaryColumns, snapshot: evaluations.snapshot })
    .from(evaluations)
    .where(and(eq(evaluations.id, evaluationId), eq(evaluations.userId, userId)));
  if (!evaluation) throw notFound('Evaluation not found.');
  const rows = await db
    .select({ request: apiRequests, output: results.output })
    .from(apiRequests)
    .leftJoin(results, eq(results.apiRequestId, apiRequests.id))
    .where(eq(apiRequests.evaluationId, evaluationId))
    .orderBy(asc(apiRequests.id));
  const verdictsOf = await readVerdicts(db, evaluationId);
  const requests: ApiRequestWithOutput[] = rows.map((r) => ({
    ...toApiRequest(r.request, verdictsOf(r.request.id)),
    output: r.output,
  }));
  return {
    evaluation: toEvaluation(evaluation),
    configurations: evaluation.snapshot.configurations.map((c) => ({
      id: c.id,
      name: c.name,
      prompt_content: c.prompt_content,
      ai_model: { id: c.ai_model.id, company: c.ai_model.company, model_name: c.ai_model.model_name },
      parameters: c.parameters,
      provider_specific_params: { json_mode: c.json_mode },
    })),
    inputs: evaluation.snapshot.inputs,
    api_requests: requests,
    metrics: await metricsOf(db, evaluationId),
    status_counts: await statusCountsOf(db, evaluationId),
  };
}
