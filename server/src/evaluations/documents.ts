import type { Readable } from 'node:stream';
import { and, asc, desc, eq, gt, gte } from 'drizzle-orm';
import {
  lastUserTurn,
  type ApiRequest,
  type ApiRequestWithOutput,
  type PreviousOutcome,
  type Result,
  type ToolCall,
} from '@promptgrid/contract';
import { ownedEvaluation } from '../auth/ownership.js';
import type { Db } from '../db/client.js';
import { apiRequests, evaluations, resultHistory, results, type RunSnapshot } from '../db/schema.js';
import { jsonArray, jsonStream, keyedPages } from '../http/json-stream.js';
import { readVerdicts, type Verdicts } from '../verdicts/verdicts.js';
import { frozenConfiguration, frozenInput } from './compare.js';
import { sentTurns } from './turns.js';
import { assertOwner, changedFrom, metricsOf, statusCountsOf, summaryColumns, toEvaluation } from './queries.js';

// The documents that grow with a run (a row per api request, with its output): streamed page by page, see jsonStream.

type RequestRow = typeof apiRequests.$inferSelect;
const toApiRequest = (
  r: RequestRow,
): Omit<ApiRequest, 'system_prompt' | 'user_prompt' | 'messages' | 'history' | keyof Verdicts> => ({
  id: r.id,
  evaluation: r.evaluationId,
  input: r.inputId,
  configuration: r.configurationId,
  configuration_version: r.configurationVersion,
  repetition: r.repetition,
  status: r.status,
  execution_time: r.executionTime,
  ttft: r.ttft,
  input_token_total_count: r.inputTokenTotalCount,
  output_token_count: r.outputTokenCount,
  reasoning_tokens: r.reasoningTokens,
  error_message: r.errorMessage,
  cost_usd: r.costUsd,
  judge_cost_usd: r.judgeCostUsd,
  attempts: r.attempts,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/**
 * Maps a request row to what the API returns, with the texts it sent (the ones its template filled in, else its
 * configuration's prompt and its input's content as the snapshot froze them) and the verdicts on its output.
 */
async function requestReader(
  db: Db,
  evaluationId: number,
  snapshot: RunSnapshot,
): Promise<(r: RequestRow) => ApiRequest> {
  const configurations = new Map(snapshot.configurations.map((c) => [c.id, c]));
  const inputs = new Map(snapshot.inputs.map((i) => [i.id, i]));
  const verdictsOf = await readVerdicts(db, evaluationId);
  const historyOf = await readHistory(db, evaluationId);
  return (r) => {
    const configuration = configurations.get(r.configurationId);
    const input = r.inputId === null ? null : (inputs.get(r.inputId) ?? null);
    const turns = configuration ? sentTurns(r.messages, configuration, input) : (r.messages ?? []);
    return {
      ...toApiRequest(r),
      system_prompt: r.systemPrompt ?? configuration?.prompt_content ?? null,
      user_prompt: r.inputId === null ? null : lastUserTurn(turns),
      messages: turns,
      history: historyOf.get(r.id) ?? [],
      ...verdictsOf(r.id),
    };
  };
}

/** The earlier outcomes of the evaluation's re-run requests, newest first per request (only re-runs write any). */
async function readHistory(db: Db, evaluationId: number): Promise<Map<number, PreviousOutcome[]>> {
  const rows = await db
    .select()
    .from(resultHistory)
    .where(eq(resultHistory.evaluationId, evaluationId))
    .orderBy(asc(resultHistory.apiRequestId), desc(resultHistory.id));
  const byRequest = new Map<number, PreviousOutcome[]>();
  for (const h of rows) {
    if (!byRequest.has(h.apiRequestId)) byRequest.set(h.apiRequestId, []);
    byRequest.get(h.apiRequestId)!.push({
      status: h.status,
      output: h.output,
      tool_calls: h.toolCalls ?? [],
      error_message: h.errorMessage,
      execution_time: h.executionTime,
      input_token_total_count: h.inputTokenTotalCount,
      output_token_count: h.outputTokenCount,
      finished_at: h.finishedAt.toISOString(),
    });
  }
  return byRequest;
}

/** The evaluation's snapshot and completion time; 404 unless it exists and belongs to the user. */
const ownedRun = (db: Db, userId: number, evaluationId: number) =>
  ownedEvaluation(db, userId, evaluationId, { snapshot: evaluations.snapshot, completedAt: evaluations.completedAt });

const requestPages = (db: Db, evaluationId: number, changedFrom: Date | null) =>
  keyedPages(
    (after, size) =>
      db
        .select()
        .from(apiRequests)
        .where(
          and(
            eq(apiRequests.evaluationId, evaluationId),
            gt(apiRequests.id, after),
            changedFrom === null ? undefined : gte(apiRequests.updatedAt, changedFrom),
          ),
        )
        .orderBy(asc(apiRequests.id))
        .limit(size),
    (row) => row.id,
  );

/**
 * Maps pages of request rows with what requestReader reads, read once the first page is in: the statement that ends
 * a request SUCCESS also writes its rule scores and queues its judge tasks, so a request read as finished has them.
 * Read before the page, they could miss a request that ended in between, and a poll that saw every request finished
 * would stop without its scores.
 */
async function* readPages<T, U>(pages: AsyncIterable<T[]>, reader: () => Promise<(row: T) => U>): AsyncGenerator<U[]> {
  let map: ((row: T) => U) | null = null;
  for await (const page of pages) {
    map ??= await reader();
    yield page.map(map);
  }
}

/**
 * GET /api/api-requests/?evaluation=: the run's api requests in id order, as a JSON array; with updatedSince only
 * those changed after that time (see changedFrom).
 */
export async function apiRequestsDocument(
  db: Db,
  userId: number,
  evaluationId: number,
  updatedSince?: string,
): Promise<Readable> {
  const { snapshot, completedAt } = await ownedRun(db, userId, evaluationId);
  const from = updatedSince === undefined ? null : changedFrom(updatedSince, completedAt !== null);
  const read = () => requestReader(db, evaluationId, snapshot);
  return jsonStream(jsonArray(readPages(requestPages(db, evaluationId, from), read)));
}

/** GET /api/results/?evaluation_id=: the run's results in api request order, as a JSON array. */
export async function resultsDocument(db: Db, userId: number, evaluationId: number): Promise<Readable> {
  await assertOwner(db, userId, evaluationId);
  const pages = keyedPages(
    (after, size) =>
      db
        .select()
        .from(results)
        .where(and(eq(results.evaluationId, evaluationId), gt(results.apiRequestId, after)))
        .orderBy(asc(results.apiRequestId))
        .limit(size),
    (row) => row.apiRequestId,
  );
  return jsonStream(
    jsonArray(
      readPages(pages, async () => (r): Result => ({
        id: r.id,
        evaluation: r.evaluationId,
        api_request: r.apiRequestId,
        input: r.inputId,
        configuration: r.configurationId,
        output: r.output,
        tool_calls: r.toolCalls ?? [],
        execution_time: r.executionTime,
        ttft: r.ttft,
        token_count: r.tokenCount,
        reasoning_tokens: r.reasoningTokens,
        input_token_total_count: r.inputTokenTotalCount,
        created_at: r.createdAt.toISOString(),
      })),
    ),
  );
}

/** GET /api/evaluations/{id}/results/: the whole run in one document, see EvaluationResults in the contract. */
export async function evaluationResultsDocument(db: Db, userId: number, evaluationId: number): Promise<Readable> {
  const evaluation = await ownedEvaluation(db, userId, evaluationId, {
    ...summaryColumns,
    snapshot: evaluations.snapshot,
  });
  const head = {
    evaluation: toEvaluation(evaluation),
    configurations: evaluation.snapshot.configurations.map((c) => ({
      ...frozenConfiguration(c),
      ...(c.ai_model.price === undefined ? {} : { price: c.ai_model.price }),
    })),
    inputs: evaluation.snapshot.inputs.map(frozenInput),
  };
  const pages = keyedPages(
    (after, size) =>
      db
        .select({ request: apiRequests, output: results.output, toolCalls: results.toolCalls })
        .from(apiRequests)
        .leftJoin(results, eq(results.apiRequestId, apiRequests.id))
        .where(and(eq(apiRequests.evaluationId, evaluationId), gt(apiRequests.id, after)))
        .orderBy(asc(apiRequests.id))
        .limit(size),
    (row) => row.request.id,
  );
  async function* pieces() {
    yield `${JSON.stringify(head).slice(0, -1)},"api_requests":`;
    const reader = async () => {
      const read = await requestReader(db, evaluationId, evaluation.snapshot);
      return (r: {
        request: RequestRow;
        output: string | null;
        toolCalls: ToolCall[] | null;
      }): ApiRequestWithOutput => ({
        ...read(r.request),
        output: r.output,
        tool_calls: r.toolCalls ?? [],
      });
    };
    yield* jsonArray(readPages(pages, reader));
    const [metrics, statusCounts] = [await metricsOf(db, evaluationId), await statusCountsOf(db, evaluationId)];
    yield `,"metrics":${JSON.stringify(metrics)},"status_counts":${JSON.stringify(statusCounts)}}`;
  }
  return jsonStream(pieces());
}
