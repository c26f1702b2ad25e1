import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { evaluations, type RunSnapshot } from '../src/db/schema.js';
import { itemAt } from '@promptgrid/test-support';

/** One finished (or unfinished) request of a fixture run, with the output it stored when it succeeded. */
export type FixtureRequest = {
  input: number | null;
  configuration: number;
  status: 'PENDING' | 'SUCCESS' | 'FAILED';
  output?: string;
  executionTime?: number;
  inputTokens?: number;
  outputTokens?: number;
  /** Which repetition of its (input, configuration) pair, from 0; the run's repetitions follow the highest. */
  repetition?: number;
  costUsd?: number;
};

const capabilities = {
  tokenParameter: 'max_tokens',
  supportsTemperature: true,
  defaultMaxTokens: 1024,
  maxOutputTokens: 4096,
} as const;

/**
 * A run written straight into the database, as the worker would have left it: known outputs, times and tokens, so a
 * test can assert exact arithmetic and a benchmark can store thousands of outputs without calling a model.
 */
export async function insertEvaluation(
  db: Db,
  run: {
    userId: number;
    projectId: number;
    configurations: { id: number; name: string }[];
    inputs: RunSnapshot['inputs'];
    requests: FixtureRequest[];
    /** A real run's outputs came from the models; the default, a mock run's, from the mock. */
    useMock?: boolean;
  },
): Promise<{ evaluationId: number; requestIds: number[] }> {
  const snapshot: RunSnapshot = {
    configurations: run.configurations.map((c) => ({
      id: c.id,
      name: c.name,
      prompt_content: `You are ${c.name}.`,
      ai_model: { id: 1, company: 'openai', model_name: 'gpt-4.1', capabilities },
      parameters: { temperature: 0, max_tokens: null },
      json_mode: false,
    })),
    inputs: run.inputs,
  };
  const finished = run.requests.filter((r) => r.status !== 'PENDING').length;
  const evaluation = itemAt(
    await db
      .insert(evaluations)
      .values({
        userId: run.userId,
        projectId: run.projectId,
        name: 'Fixture',
        useMock: run.useMock ?? true,
        totalRequests: run.requests.length,
        repetitions: run.requests.reduce((most, r) => Math.max(most, r.repetition ?? 0), 0) + 1,
        finishedRequests: finished,
        snapshot,
        completedAt: finished === run.requests.length ? new Date() : null,
      })
      .returning({ id: evaluations.id }),
    0,
  );
  // A request that succeeded always has a time and token counts; a fixture may leave them out.
  const rows = run.requests.map((r, index) =>
    r.status === 'SUCCESS'
      ? { executionTime: 1, inputTokens: 1, outputTokens: 1, repetition: 0, ...r, index }
      : { repetition: 0, ...r, index },
  );
  const inserted = await db.execute(sql`
    WITH v AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS v("index" int, input int, configuration int, status text, output text, "executionTime" float8,
             "inputTokens" int, "outputTokens" int, repetition int, "costUsd" float8)
    ), made AS (
      INSERT INTO api_requests (evaluation_id, input_id, configuration_id, status, attempts, execution_time,
                                input_token_total_count, output_token_count, error_message, repetition, cost_usd)
      SELECT ${evaluation.id}::int, input, configuration, status, 1, "executionTime", "inputTokens", "outputTokens",
             CASE WHEN status = 'FAILED' THEN 'Fixture failure.' END, repetition, "costUsd"
        FROM v ORDER BY "index"
      RETURNING id, input_id, configuration_id, status, execution_time, input_token_total_count, output_token_count
    ), saved AS (
      INSERT INTO results (evaluation_id, api_request_id, input_id, configuration_id, output, execution_time,
                           token_count, input_token_total_count)
      SELECT ${evaluation.id}::int, m.id, m.input_id, m.configuration_id, v.output, m.execution_time,
             m.output_token_count, m.input_token_total_count
        FROM (SELECT *, row_number() OVER (ORDER BY id) - 1 AS "index" FROM made) m
        JOIN v ON v."index" = m."index"
       WHERE m.status = 'SUCCESS'
    )
    SELECT id FROM made ORDER BY id`);
  const ids = inserted.rows.map((r) => Number(r.id));
  return { evaluationId: evaluation.id, requestIds: ids };
}
