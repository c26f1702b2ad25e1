import type { Readable } from 'node:stream';
import { and, asc, desc, eq, getTableColumns, gt, gte } from 'drizzle-orm';
import {
  lastUserTurn,
  type ApiRequest,
  type ApiRequestWithOutput,
  type ChatMessage,
  type PreviousOutcome,
  type Result,
  type ToolCall,
} from '@promptgrid/contract';
import { readAllowed } from '../access/policy.js';
import { jsonRows, type Db } from '../db/client.js';
import { apiRequests, evaluations, resultHistory, results, type RunSnapshot } from '../db/schema.js';
import { jsonArray, jsonStream, keyedPages } from '../http/json-stream.js';
import { readVerdicts } from '../verdicts/verdicts.js';
import { frozenConfiguration, frozenInput } from './compare.js';
import { sentTurns } from './turns.js';
import { assertOwner, changedFrom, metricsOf, statusCountsOf, summaryColumns, toEvaluation } from './queries.js';

// The documents that grow with a run (a row per api request, with its output): read a page of rows at a time as
// JSON (see jsonRows) and streamed page by page (see jsonStream).

/** An api_requests row as jsonRows reads it: column names, timestamps as ISO-8601 text. */
type RequestRow = {
  id: number;
  evaluation_id: number;
  input_id: number | null;
  configuration_id: number;
  configuration_version: number | null;
  repetition: number;
  system_prompt: string | null;
  messages: ChatMessage[] | null;
  status: ApiRequest['status'];
  attempts: number;
  execution_time: number | null;
  ttft: number | null;
  input_token_total_count: number | null;
  output_token_count: number | null;
  reasoning_tokens: number | null;
  error_message: string | null;
  cost_usd: number | null;
  judge_cost_usd: number | null;
  created_at: string;
  updated_at: string;
};

/** PostgreSQL's ISO-8601 text of a UTC time: date and time, the fraction of a second if any, the zero offset. */
const UTC_TEXT = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d+))?\+00(?::00)?$/;

/**
 * A timestamp as the API writes it (UTC, milliseconds cut, not rounded, as Date does), from the database's ISO-8601
 * text. Read two per request, so the usual UTC text is rewritten without a Date: parsing one costs microseconds.
 */
function isoTime(text: string): string {
  const utc = UTC_TEXT.exec(text);
  if (!utc) return new Date(text).toISOString();
  return `${utc[1]}.${(utc[2] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
}

/**
 * Maps a request row to what the API returns, with the texts it sent (the ones its template filled in, else its
 * configuration's prompt and its input's content as the snapshot froze them) and the verdicts on its output.
 * One object literal: a run's document maps ten thousand rows, and spreading partial objects into it cost a third more.
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
    const configuration = configurations.get(r.configuration_id);
    const input = r.input_id === null ? null : (inputs.get(r.input_id) ?? null);
    const turns = configuration ? sentTurns(r.messages, configuration, input) : (r.messages ?? []);
    const verdicts = verdictsOf(r.id);
    return {
      id: r.id,
      evaluation: r.evaluation_id,
      input: r.input_id,
      configuration: r.configuration_id,
      configuration_version: r.configuration_version,
      repetition: r.repetition,
      status: r.status,
      execution_time: r.execution_time,
      ttft: r.ttft,
      input_token_total_count: r.input_token_total_count,
      output_token_count: r.output_token_count,
      reasoning_tokens: r.reasoning_tokens,
      error_message: r.error_message,
      cost_usd: r.cost_usd,
      judge_cost_usd: r.judge_cost_usd,
      attempts: r.attempts,
      created_at: isoTime(r.created_at),
      updated_at: isoTime(r.updated_at),
      system_prompt: r.system_prompt ?? configuration?.prompt_content ?? null,
      user_prompt: r.input_id === null ? null : lastUserTurn(turns),
      messages: turns,
      history: historyOf.get(r.id) ?? [],
      scores: verdicts.scores,
      rating: verdicts.rating,
      judging: verdicts.judging,
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
  readAllowed(db, userId, 'read', 'evaluation', evaluationId, {
    snapshot: evaluations.snapshot,
    completedAt: evaluations.completedAt,
  });

const requestPages = (db: Db, evaluationId: number, changedFrom: Date | null) =>
  keyedPages(
    (after, size) =>
      jsonRows<RequestRow>(
        db,
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
        'id',
      ),
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

/** A results row as jsonRows reads it. */
type ResultRow = {
  id: number;
  evaluation_id: number;
  api_request_id: number;
  input_id: number | null;
  configuration_id: number;
  output: string;
  tool_calls: ToolCall[] | null;
  execution_time: number;
  ttft: number | null;
  token_count: number;
  reasoning_tokens: number | null;
  input_token_total_count: number;
  created_at: string;
};

/** GET /api/results/?evaluation_id=: the run's results in api request order, as a JSON array. */
export async function resultsDocument(db: Db, userId: number, evaluationId: number): Promise<Readable> {
  await assertOwner(db, userId, evaluationId);
  const pages = keyedPages(
    (after, size) =>
      jsonRows<ResultRow>(
        db,
        db
          .select()
          .from(results)
          .where(and(eq(results.evaluationId, evaluationId), gt(results.apiRequestId, after)))
          .orderBy(asc(results.apiRequestId))
          .limit(size),
        'api_request_id',
      ),
    (row) => row.api_request_id,
  );
  return jsonStream(
    jsonArray(
      readPages(pages, async () => (r): Result => ({
        id: r.id,
        evaluation: r.evaluation_id,
        api_request: r.api_request_id,
        input: r.input_id,
        configuration: r.configuration_id,
        output: r.output,
        tool_calls: r.tool_calls ?? [],
        execution_time: r.execution_time,
        ttft: r.ttft,
        token_count: r.token_count,
        reasoning_tokens: r.reasoning_tokens,
        input_token_total_count: r.input_token_total_count,
        created_at: isoTime(r.created_at),
      })),
    ),
  );
}

/** GET /api/evaluations/{id}/results/: the whole run in one document, see EvaluationResults in the contract. */
export async function evaluationResultsDocument(db: Db, userId: number, evaluationId: number): Promise<Readable> {
  const evaluation = await readAllowed(db, userId, 'read', 'evaluation', evaluationId, {
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
  type RowWithOutput = RequestRow & { output: string | null; tool_calls: ToolCall[] | null };
  const pages = keyedPages(
    (after, size) =>
      jsonRows<RowWithOutput>(
        db,
        db
          .select({ ...getTableColumns(apiRequests), output: results.output, toolCalls: results.toolCalls })
          .from(apiRequests)
          .leftJoin(results, eq(results.apiRequestId, apiRequests.id))
          .where(and(eq(apiRequests.evaluationId, evaluationId), gt(apiRequests.id, after)))
          .orderBy(asc(apiRequests.id))
          .limit(size),
        'id',
      ),
    (row) => row.id,
  );
  async function* pieces() {
    yield `${JSON.stringify(head).slice(0, -1)},"api_requests":`;
    const reader = async () => {
      const read = await requestReader(db, evaluationId, evaluation.snapshot);
      return (r: RowWithOutput): ApiRequestWithOutput => ({
        ...read(r),
        output: r.output,
        tool_calls: r.tool_calls ?? [],
      });
    };
    yield* jsonArray(readPages(pages, reader));
    const [metrics, statusCounts] = [await metricsOf(db, evaluationId), await statusCountsOf(db, evaluationId)];
    yield `,"metrics":${JSON.stringify(metrics)},"status_counts":${JSON.stringify(statusCounts)}}`;
  }
  return jsonStream(pieces());
}
