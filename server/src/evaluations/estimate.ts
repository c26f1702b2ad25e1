import { sql } from 'drizzle-orm';
import type { ModelPrice, RunEstimate, RunEvaluationInput } from '@promptgrid/contract';
import { queryRows, type Db } from '../db/client.js';
import type { ModelCapabilities } from '../db/schema.js';
import { judgeCall } from './judging/judge.js';
import { assertJudgeKeys } from './judge-keys.js';
import {
  callInputTokens,
  callMaxOutputTokens,
  toolingInputTokens,
  countFor,
  tokenCounts,
  typicalOutputTokens,
  worstCaseUsd,
} from './call-tokens.js';
import { planRun } from './run-plan.js';
import { imagesTokens } from './image-tokens.js';
import { inputTurns, sentTurns } from './turns.js';

const FREE = { input_per_mtok: 0, output_per_mtok: 0 };
/**
 * What a judge's verdict usually takes: the object it must answer with ({"pass", "score", "reason": one line}) is
 * 30 to 60 tokens; its max tokens leave room for a reasoning model's thinking, which the maximum assumes instead.
 */
const EXPECTED_VERDICT_TOKENS = 60;

type OutputLength = { median: number; p90: number; count: number };
type OutputLengths = Map<number, OutputLength>;

/**
 * Output tokens of the configurations' earlier real outputs in the project (mock outputs echo the prompt and say
 * nothing of a model's length): their median and 90th percentile, read through the project's runs.
 */
async function earlierOutputLengths(db: Db, userId: number, projectId: number, ids: number[]): Promise<OutputLengths> {
  const rows = await queryRows<{ id: number; count: number; median: number; p90: number }>(
    db,
    sql`
    SELECT r.configuration_id AS id, count(*)::int AS count,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY r.token_count) AS median,
           percentile_cont(0.9) WITHIN GROUP (ORDER BY r.token_count) AS p90
      FROM results r JOIN evaluations e ON e.id = r.evaluation_id
     WHERE e.project_id = ${projectId} AND e.user_id = ${userId} AND NOT e.use_mock
       AND r.configuration_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)
     GROUP BY r.configuration_id`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      { median: Math.round(Number(r.median)), p90: Math.round(Number(r.p90)), count: Number(r.count) },
    ]),
  );
}

type JudgeCheck = {
  rubric: string;
  input_ids: number[] | null;
  company: 'openai' | 'anthropic';
  model_name: string;
  capabilities: ModelCapabilities;
  supports_json_mode: boolean;
  price: ModelPrice | null;
};

/** The project's active llm_judge checks with their judge models, as the run would queue them. */
async function judgeChecks(db: Db, projectId: number): Promise<JudgeCheck[]> {
  return queryRows<JudgeCheck>(
    db,
    sql`
    SELECT c.value AS rubric, c.input_ids, m.company, m.model_name, m.capabilities, m.supports_json_mode, m.price
      FROM checks c JOIN ai_models m ON m.id = c.ai_model_id
     WHERE c.project_id = ${projectId} AND c.type = 'llm_judge' AND c.is_active
     ORDER BY c.id`,
  );
}

/**
 * What a run would cost, from the texts it would send (templates filled in as the run fills them): at least (every
 * reply empty), likely (each reply as long as the configuration's earlier ones, or the typical length) and at most
 * (each reply its max tokens), with the judge's calls counted apart. A mock run costs $0. The costs are null when a
 * model of the run, or a judge, has no known price.
 */
export async function estimateRun(db: Db, userId: number, input: RunEvaluationInput): Promise<RunEstimate> {
  const { projectId, snapshot, prompts } = await planRun(db, userId, input);
  // Refused here as the run would be, so the run screen disables Run with the reason before the confirm dialog.
  if (!input.use_mock)
    await assertJudgeKeys(
      db,
      userId,
      projectId,
      snapshot.inputs.map((i) => i.id),
    );
  const repetitions = input.repetitions ?? 1;
  const inputCount = Math.max(1, snapshot.inputs.length);
  const ids = snapshot.configurations.map((c) => c.id);
  const lengths = input.use_mock
    ? new Map<number, OutputLength>()
    : await earlierOutputLengths(db, userId, projectId, ids);
  const judges = await judgeChecks(db, projectId);
  const unpriced = new Set<string>();
  const totals = { inputTokens: 0, maxOutputTokens: 0, min: 0, expected: 0, max: 0 };
  const judge = { calls: 0, expected: 0, max: 0 };
  const assumptions: RunEstimate['assumptions'] = [];
  const counterFor = tokenCounts();
  const priceOf = (price: ModelPrice | null | undefined, model: string) => {
    if (input.use_mock) return FREE;
    if (!price) unpriced.add(model);
    return price ?? FREE;
  };
  snapshot.configurations.forEach((c, m) => {
    const count = counterFor(c);
    const maxOut = callMaxOutputTokens(c);
    const earlier = lengths.get(c.id);
    const expectedOut = earlier?.median ?? Math.min(typicalOutputTokens(c.ai_model.company), maxOut);
    assumptions.push({
      configuration: c.id,
      expected_output_tokens: expectedOut,
      p90_output_tokens: earlier?.p90 ?? null,
      source: earlier ? 'earlier_outputs' : 'typical_length',
      earlier_outputs: earlier?.count ?? 0,
      max_output_tokens: maxOut,
    });
    const price = priceOf(c.ai_model.price, c.ai_model.model_name);
    const toolingTokens = toolingInputTokens(c, count);
    for (let n = 0; n < inputCount; n++) {
      const system = prompts?.[n]?.system[m] ?? c.prompt_content;
      // Without inputs the one call per configuration sends only the configuration's messages after its prompt.
      const turns = sentTurns(prompts?.[n]?.turns[m] ?? null, c, snapshot.inputs[n] ?? null);
      const imageTokens = imagesTokens(c.ai_model.company, snapshot.inputs[n]?.images);
      const tokensIn =
        (callInputTokens(c.ai_model.company, system, turns, count) + toolingTokens + imageTokens) * repetitions;
      totals.inputTokens += tokensIn;
      totals.maxOutputTokens += maxOut * repetitions;
      totals.min += worstCaseUsd(price, tokensIn, 0);
      totals.expected += worstCaseUsd(price, tokensIn, expectedOut * repetitions);
      totals.max += worstCaseUsd(price, tokensIn, maxOut * repetitions);
      const inputId = snapshot.inputs[n]?.id ?? null;
      for (const check of judges) {
        if (check.input_ids !== null && (inputId === null || !check.input_ids.includes(inputId))) continue;
        const judgePrice = priceOf(check.price, check.model_name);
        const judgeCount = countFor(check);
        const call = judgeCall(check, {
          rubric: check.rubric,
          turns: inputTurns(turns, c),
          expected: snapshot.inputs[n]?.expected_output ?? null,
          output: '',
        });
        const judgeIn = callInputTokens(check.company, call.systemPrompt, call.messages, judgeCount);
        judge.calls += repetitions;
        judge.expected += worstCaseUsd(judgePrice, judgeIn + expectedOut, EXPECTED_VERDICT_TOKENS) * repetitions;
        judge.max += worstCaseUsd(judgePrice, judgeIn + maxOut, call.maxTokens ?? 0) * repetitions;
      }
    }
  });
  const known = unpriced.size === 0;
  const runKnown = !snapshot.configurations.some((c) => unpriced.has(c.ai_model.model_name));
  return {
    calls: snapshot.configurations.length * inputCount * repetitions,
    input_tokens: totals.inputTokens,
    max_output_tokens: totals.maxOutputTokens,
    cost_usd_min: runKnown ? totals.min : null,
    cost_usd_max: runKnown ? totals.max : null,
    unpriced_models: [...unpriced],
    expected_cost: known ? totals.expected + judge.expected : null,
    max_cost: known ? totals.max + judge.max : null,
    judge: { calls: judge.calls, expected_cost: known ? judge.expected : null, max_cost: known ? judge.max : null },
    assumptions,
  };
}
