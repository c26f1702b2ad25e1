import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { ResponseSchema, Score, ToolCall, ToolDefinition } from '@promptgrid/contract';
import { NO_TOOL_FACTS, type ToolFacts } from '../checks/tool-rules.js';
import { jsonRows, queryRows, type Db, type Tx } from '../db/client.js';
import { checks, evaluations, results, scores } from '../db/schema.js';
import { compileRuleChecks, type RuleCheck, type RuleScore, type ScoredOutput } from './scoring.js';

const ruleCheckColumns = {
  id: checks.id,
  type: checks.type,
  value: checks.value,
  input_ids: checks.inputIds,
  configuration_ids: checks.configurationIds,
};

/** The project's active rule checks, compiled. */
export async function readRuleChecks(db: Db | Tx, projectId: number): Promise<RuleCheck[]> {
  const rows = await db
    .select(ruleCheckColumns)
    .from(checks)
    .where(and(eq(checks.projectId, projectId), eq(checks.isActive, true), ne(checks.type, 'llm_judge')))
    .orderBy(asc(checks.id));
  return compileRuleChecks(rows);
}

/** The active rule checks of the evaluation's project, compiled. */
export async function readRuleChecksOfEvaluation(db: Db, evaluationId: number): Promise<RuleCheck[]> {
  const rows = await db
    .select(ruleCheckColumns)
    .from(checks)
    .innerJoin(evaluations, eq(evaluations.projectId, checks.projectId))
    .where(and(eq(evaluations.id, evaluationId), eq(checks.isActive, true), ne(checks.type, 'llm_judge')))
    .orderBy(asc(checks.id));
  return compileRuleChecks(rows);
}

/** An input as a run froze it: the content sent (before templates) and the output it expected, if any. */
export type RunInput = { content: string; expected: string | null };

/**
 * The evaluation's inputs by id, from its snapshot. A run made before expected outputs were frozen into it uses the
 * input's current expected output (null if the input is gone).
 */
export async function readRunInputs(db: Db | Tx, evaluationId: number): Promise<Map<number, RunInput>> {
  const rows = await queryRows<{ id: number } & RunInput>(
    db,
    sql`
    SELECT (x->>'id')::int AS id, x->>'content' AS content,
           CASE WHEN x ? 'expected_output' THEN x->>'expected_output' ELSE i.expected_output END AS expected
      FROM evaluations e
     CROSS JOIN jsonb_array_elements(e.snapshot->'inputs') x
      LEFT JOIN inputs i ON i.id = (x->>'id')::int
     WHERE e.id = ${evaluationId}`,
  );
  return new Map(rows.map((row) => [Number(row.id), { content: row.content, expected: row.expected }]));
}

/** What the tool checks read of a configuration a run froze: its tools' parameters and its response schema. */
export type RunTooling = Omit<ToolFacts, 'toolCalls'>;

/** The evaluation's configurations' tooling by id, from its snapshot (runs made before tools were kept declared none). */
export async function readRunTooling(db: Db | Tx, evaluationId: number): Promise<Map<number, RunTooling>> {
  const rows = await queryRows<{ id: number; tools: ToolDefinition[] | null; response_schema: ResponseSchema | null }>(
    db,
    sql`
    SELECT (x->>'id')::int AS id, x->'tools' AS tools, x->'response_schema' AS response_schema
      FROM evaluations e
     CROSS JOIN jsonb_array_elements(e.snapshot->'configurations') x
     WHERE e.id = ${evaluationId}`,
  );
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        toolSchemas: new Map((row.tools ?? []).map((tool) => [tool.name, JSON.stringify(tool.parameters)])),
        responseSchema: row.response_schema ? JSON.stringify(row.response_schema.schema) : null,
      },
    ]),
  );
}

/** The tool facts of an output: its calls, and what its configuration declared. */
export const toolFactsOf = (
  tooling: ReadonlyMap<number, RunTooling>,
  configurationId: number,
  toolCalls: ToolCall[] | null | undefined,
): ToolFacts => ({ ...(tooling.get(configurationId) ?? NO_TOOL_FACTS), toolCalls: toolCalls ?? [] });

/** What runs froze, read once per evaluation (a run's snapshot never changes); the most recent evaluations are kept. */
export class RunSnapshotCache<T> {
  private readonly values = new Map<number, Promise<T>>();
  constructor(
    private readonly read: (evaluationId: number) => Promise<T>,
    private readonly size = 200,
  ) {}

  of(evaluationId: number): Promise<T> {
    let value = this.values.get(evaluationId);
    if (!value) {
      value = this.read(evaluationId);
      value.catch(() => this.values.delete(evaluationId));
      if (this.values.size >= this.size) this.values.delete(this.values.keys().next().value!);
      this.values.set(evaluationId, value);
    }
    return value;
  }
}

/** The evaluation's stored outputs: one per request that ended SUCCESS, with its input's expected output and tool facts. */
export async function readOutputs(db: Db | Tx, evaluationId: number): Promise<ScoredOutput[]> {
  const [rows, inputs, tooling] = await Promise.all([
    db
      .select({
        apiRequestId: results.apiRequestId,
        inputId: results.inputId,
        configurationId: results.configurationId,
        output: results.output,
        toolCalls: results.toolCalls,
      })
      .from(results)
      .where(eq(results.evaluationId, evaluationId)),
    readRunInputs(db, evaluationId),
    readRunTooling(db, evaluationId),
  ]);
  return rows.map(({ toolCalls, ...row }) => ({
    ...row,
    expected: row.inputId === null ? null : (inputs.get(row.inputId)?.expected ?? null),
    facts: toolFactsOf(tooling, row.configurationId, toolCalls),
  }));
}

/** Deletes every score of the evaluation, to be replaced by a rescore. */
export async function deleteEvaluationScores(tx: Tx, evaluationId: number): Promise<void> {
  await tx.delete(scores).where(eq(scores.evaluationId, evaluationId));
}

/**
 * Inserts rule verdicts in one statement: a JSON array unpacked by the database, one round trip and one plan however
 * many rows (json rather than jsonb: it is read once, and parsing it costs a third less). A plain insert: the caller
 * makes sure none of these verdicts exists yet.
 */
export async function insertRuleScores(db: Db | Tx, evaluationId: number, rows: readonly RuleScore[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO scores (evaluation_id, api_request_id, check_id, pass, score, reason, error)
    SELECT ${evaluationId}::int, v.api_request_id, v.check_id, v.pass, v.score, v.reason, v.error
      FROM json_to_recordset(${JSON.stringify(rows)}::json)
        AS v(api_request_id int, check_id int, pass boolean, score float8, reason text, error text)`);
}

/** The evaluation's scores, per api request, in check order. */
export async function readScoresByRequest(db: Db, evaluationId: number): Promise<Map<number, Score[]>> {
  // A run has a score per output and check: tens of thousands of rows, read as JSON (see jsonRows).
  const rows = await jsonRows<Score & { api_request_id: number }>(
    db,
    db
      .select({
        apiRequestId: scores.apiRequestId,
        checkId: scores.checkId,
        pass: scores.pass,
        score: scores.score,
        reason: scores.reason,
        error: scores.error,
      })
      .from(scores)
      .where(eq(scores.evaluationId, evaluationId)),
    'api_request_id',
    'check_id',
  );
  const byRequest = new Map<number, Score[]>();
  for (const { api_request_id, ...score } of rows) {
    let list = byRequest.get(api_request_id);
    if (!list) byRequest.set(api_request_id, (list = []));
    list.push(score);
  }
  return byRequest;
}
