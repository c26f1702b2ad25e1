import { asc, eq } from 'drizzle-orm';
import {
  answerText,
  compareOutcome,
  DEFAULT_USER_TEMPLATE,
  type ComparePair,
  type CompareSide,
  type EvaluationComparison,
  type ResultsConfiguration,
  type ResultsInput,
  type Score,
} from '@promptgrid/contract';
import { readAllowed } from '../access/policy.js';
import type { Db } from '../db/client.js';
import { apiRequests, evaluations, results, type RunSnapshot } from '../db/schema.js';
import { badRequest } from '../http/errors.js';
import { readScoresByRequest } from '../verdicts/scores.js';
import { summaryColumns, toEvaluation } from './queries.js';

const ownedRunWithSnapshot = (db: Db, userId: number, evaluationId: number) =>
  readAllowed(db, userId, 'read', 'evaluation', evaluationId, { ...summaryColumns, snapshot: evaluations.snapshot });

const cellKey = (inputId: number | null, configurationId: number) => `${inputId ?? 'none'}:${configurationId}`;
function splitKey(key: string): { input: number | null; configuration: number } {
  const [input, configuration] = key.split(':');
  return { input: input === 'none' ? null : Number(input), configuration: Number(configuration) };
}

/** Every cell of a run with its output and its verdicts, by (input, configuration). */
async function sidesOf(db: Db, evaluationId: number): Promise<Map<string, CompareSide>> {
  const [rows, scoresByRequest] = await Promise.all([
    db
      .select({ request: apiRequests, output: results.output, toolCalls: results.toolCalls })
      .from(apiRequests)
      .leftJoin(results, eq(results.apiRequestId, apiRequests.id))
      .where(eq(apiRequests.evaluationId, evaluationId))
      .orderBy(asc(apiRequests.id)),
    readScoresByRequest(db, evaluationId),
  ]);
  const sides = new Map<string, CompareSide>();
  for (const { request: r, output, toolCalls } of rows) {
    const scores: Score[] = scoresByRequest.get(r.id) ?? [];
    const decided = scores.filter((s) => s.score !== null);
    // A run with repetitions is compared by each pair's first repetition.
    const key = cellKey(r.inputId, r.configurationId);
    if (sides.has(key)) continue;
    sides.set(key, {
      api_request: r.id,
      status: r.status,
      output,
      tool_calls: toolCalls ?? [],
      error_message: r.errorMessage,
      execution_time: r.executionTime,
      input_token_total_count: r.inputTokenTotalCount,
      output_token_count: r.outputTokenCount,
      cost_usd: r.costUsd,
      judge_cost_usd: r.judgeCostUsd,
      scores,
      mean_score: decided.length === 0 ? null : decided.reduce((sum, s) => sum + s.score!, 0) / decided.length,
      checks_passed: scores.filter((s) => s.pass === true).length,
    });
  }
  return sides;
}

const minus = (head: number | null | undefined, base: number | null | undefined) =>
  head === null || head === undefined || base === null || base === undefined ? null : head - base;

/** A frozen configuration's model as the API shows it, with the endpoint that served it (by its name then). */
export const frozenAiModel = ({
  ai_model: m,
}: RunSnapshot['configurations'][number]): ResultsConfiguration['ai_model'] => ({
  id: m.id,
  company: m.company,
  endpoint: m.endpoint_id && m.endpoint_name !== undefined ? { id: m.endpoint_id, name: m.endpoint_name } : null,
  model_name: m.model_name,
});

export function frozenConfiguration(c: RunSnapshot['configurations'][number]): ResultsConfiguration {
  return {
    id: c.id,
    name: c.name,
    prompt_content: c.prompt_content,
    messages: c.messages ?? [],
    user_template: c.user_template ?? DEFAULT_USER_TEMPLATE,
    ai_model: frozenAiModel(c),
    parameters: c.parameters,
    ...(c.ai_model.price === undefined ? {} : { price: c.ai_model.price }),
    provider_specific_params: { json_mode: c.json_mode },
    ...(c.version === undefined ? {} : { version: c.version }),
    tools: c.tools ?? [],
    tool_choice: c.tool_choice ?? 'auto',
    response_schema: c.response_schema ?? null,
  };
}

/** An input as the run froze it, as documents show it. */
export const frozenInput = (i: RunSnapshot['inputs'][number]): ResultsInput => ({
  id: i.id,
  name: i.name,
  content: i.content,
  messages: i.messages ?? null,
  images: i.images ?? [],
});

/** The head's copy of each, then what only the base ran, in the order the runs froze them. */
function union<T extends { id: number }>(head: T[], base: T[]): T[] {
  const seen = new Set(head.map((item) => item.id));
  return [...head, ...base.filter((item) => !seen.has(item.id))];
}

export function pairCell(
  input: number | null,
  configuration: number,
  base: CompareSide | null,
  head: CompareSide | null,
): ComparePair {
  const statusChanged = base?.status !== head?.status;
  const outputChanged = answerText(base?.output, base?.tool_calls) !== answerText(head?.output, head?.tool_calls);
  return {
    input,
    configuration,
    base,
    head,
    changed: statusChanged || outputChanged || base === null || head === null,
    output_changed: outputChanged,
    status_change: statusChanged ? { from: base?.status ?? null, to: head?.status ?? null } : null,
    delta: {
      execution_time: minus(head?.execution_time, base?.execution_time),
      input_tokens: minus(head?.input_token_total_count, base?.input_token_total_count),
      output_tokens: minus(head?.output_token_count, base?.output_token_count),
      cost_usd: minus(head?.cost_usd, base?.cost_usd),
      mean_score: minus(head?.mean_score, base?.mean_score),
      checks_passed:
        base && head && (base.scores.length > 0 || head.scores.length > 0)
          ? head.checks_passed - base.checks_passed
          : null,
    },
  };
}

/**
 * Two of the caller's runs of one project, cell by cell: 404 unless both are the caller's, 400 when they belong to
 * different projects. Changed cells come first, then the rest, each in the runs' input and configuration order.
 */
/** A side's verdicts as the outcome counts them: an error verdict (pass null) is no verdict. */
const caseSide = (side: CompareSide | null) =>
  side && {
    checks_passed: side.checks_passed,
    checks_total: side.scores.filter((score) => score.pass !== null).length,
    cost_usd: side.cost_usd,
    judge_cost_usd: side.judge_cost_usd,
  };

export async function compareEvaluations(
  db: Db,
  userId: number,
  baseId: number,
  headId: number,
): Promise<EvaluationComparison> {
  const [baseRun, headRun] = await Promise.all([
    ownedRunWithSnapshot(db, userId, baseId),
    ownedRunWithSnapshot(db, userId, headId),
  ]);
  if (baseRun.projectId !== headRun.projectId)
    throw badRequest({ head: ['Both evaluations must belong to the same project.'] });
  const [baseSides, headSides] = [await sidesOf(db, baseId), await sidesOf(db, headId)];

  const baseNames = new Map(baseRun.snapshot.configurations.map((c) => [c.id, c.name]));
  const configurations = union(
    headRun.snapshot.configurations.map(frozenConfiguration),
    baseRun.snapshot.configurations.map(frozenConfiguration),
  ).map((c) => ({ ...c, base_name: baseNames.get(c.id) ?? null }));
  const inputs: ResultsInput[] = union(
    headRun.snapshot.inputs.map(frozenInput),
    baseRun.snapshot.inputs.map(frozenInput),
  );
  const inputOrder = new Map<number | null, number>(inputs.map((input, i) => [input.id, i]));
  const configurationOrder = new Map(configurations.map((c, i) => [c.id, i]));

  const keys = new Set([...headSides.keys(), ...baseSides.keys()]);
  const pairs = [...keys].map((key) => {
    const { input, configuration } = splitKey(key);
    return pairCell(input, configuration, baseSides.get(key) ?? null, headSides.get(key) ?? null);
  });
  const rank = (p: ComparePair): [number, number, number] => [
    p.changed ? 0 : 1,
    inputOrder.get(p.input) ?? inputs.length,
    configurationOrder.get(p.configuration) ?? configurations.length,
  ];
  pairs.sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    return ra[0] - rb[0] || ra[1] - rb[1] || ra[2] - rb[2];
  });

  return {
    base: toEvaluation(baseRun),
    head: toEvaluation(headRun),
    configurations,
    inputs,
    pairs,
    summary: {
      pairs: pairs.length,
      changed: pairs.filter((p) => p.changed).length,
      status_changed: pairs.filter((p) => p.status_change !== null).length,
      output_changed: pairs.filter((p) => p.output_changed).length,
      only_base: pairs.filter((p) => p.head === null).length,
      only_head: pairs.filter((p) => p.base === null).length,
      outcome: compareOutcome(pairs.map(({ base, head }) => ({ base: caseSide(base), head: caseSide(head) }))),
    },
  };
}
