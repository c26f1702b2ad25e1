import crypto from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Metrics, SharedEvaluation, ShareStatus } from '@promptgrid/contract';
import { assertAllowed } from '../access/policy.js';
import type { Db } from '../db/client.js';
import { apiRequests, evaluationShares, evaluations, results } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { metricsOf, statusCountsOf } from '../evaluations/queries.js';
import { frozenInput } from '../evaluations/compare.js';

/** 256 random bits, as 43 base64url characters. */
const newToken = () => crypto.randomBytes(32).toString('base64url');
const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

/** Makes the evaluation's read-only link and answers its token; a link made before stops working. */
export async function createShareToken(db: Db, userId: number, evaluationId: number): Promise<string> {
  await assertAllowed(db, userId, 'write', 'evaluation', evaluationId);
  const token = newToken();
  const tokenHash = hashToken(token);
  await db
    .insert(evaluationShares)
    .values({ evaluationId, tokenHash })
    .onConflictDoUpdate({ target: evaluationShares.evaluationId, set: { tokenHash, createdAt: new Date() } });
  return token;
}

export async function revokeShare(db: Db, userId: number, evaluationId: number): Promise<void> {
  await assertAllowed(db, userId, 'write', 'evaluation', evaluationId);
  await db.delete(evaluationShares).where(eq(evaluationShares.evaluationId, evaluationId));
}

export async function getShareStatus(db: Db, userId: number, evaluationId: number): Promise<ShareStatus> {
  await assertAllowed(db, userId, 'read', 'evaluation', evaluationId);
  const [row] = await db
    .select({ createdAt: evaluationShares.createdAt })
    .from(evaluationShares)
    .where(eq(evaluationShares.evaluationId, evaluationId));
  return { shared: row !== undefined, created_at: row?.createdAt.toISOString() ?? null };
}

/**
 * The grid behind a live link, built field by field so nothing else leaves: no ids of the account, project or
 * evaluation, no prompt texts or parameters, no attempt counts, no error messages (a provider's name the owner's
 * organisation; a budget stop names the budget): a failed cell says FAILED and nothing more.
 */
export async function getSharedEvaluation(db: Db, token: string): Promise<SharedEvaluation> {
  const [evaluation] = await db
    .select({
      id: evaluations.id,
      name: evaluations.name,
      useMock: evaluations.useMock,
      totalRequests: evaluations.totalRequests,
      createdAt: evaluations.createdAt,
      completedAt: evaluations.completedAt,
      snapshot: evaluations.snapshot,
    })
    .from(evaluationShares)
    .innerJoin(evaluations, eq(evaluations.id, evaluationShares.evaluationId))
    .where(eq(evaluationShares.tokenHash, hashToken(token)));
  if (!evaluation) throw notFound('This link does not exist or was revoked.');
  const rows = await db
    .select({ request: apiRequests, output: results.output, toolCalls: results.toolCalls })
    .from(apiRequests)
    .leftJoin(results, eq(results.apiRequestId, apiRequests.id))
    .where(eq(apiRequests.evaluationId, evaluation.id))
    .orderBy(asc(apiRequests.id));
  return {
    evaluation: {
      name: evaluation.name,
      use_mock: evaluation.useMock,
      total_requests: evaluation.totalRequests,
      created_at: evaluation.createdAt.toISOString(),
      completed_at: evaluation.completedAt?.toISOString() ?? null,
    },
    configurations: evaluation.snapshot.configurations.map((c) => ({
      id: c.id,
      name: c.name,
      ai_model: { company: c.ai_model.company, model_name: c.ai_model.model_name },
    })),
    inputs: evaluation.snapshot.inputs.map(frozenInput),
    api_requests: rows.map(({ request: r, output, toolCalls }) => ({
      id: r.id,
      input: r.inputId,
      configuration: r.configurationId,
      repetition: r.repetition,
      status: r.status,
      execution_time: r.executionTime,
      ttft: r.ttft,
      input_token_total_count: r.inputTokenTotalCount,
      output_token_count: r.outputTokenCount,
      reasoning_tokens: r.reasoningTokens,
      output,
      tool_calls: toolCalls ?? [],
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    })),
    metrics: withoutCost(await metricsOf(db, evaluation.id)),
    status_counts: await statusCountsOf(db, evaluation.id),
  };
}

const withoutCost = ({
  cost_usd: _cost,
  cost_complete: _complete,
  judge_cost_usd: _judgeCost,
  total_cost_usd: _totalCost,
  ...metrics
}: Metrics) => metrics;
