import { z } from 'zod';
import { LIMITS } from './constants.js';
import { Id, requiredText } from './common.js';
import { ApiRequestStatus, Evaluation, ResultsConfiguration, ResultsInput, StatusCounts } from './evaluation.js';
import { ToolCall } from './tools.js';
import { Score } from './verdict.js';
import { ComparisonOutcome } from './comparison-outcome.js';

export const HISTORY_PAGE_SIZE = { default: 20, max: 100 } as const;

/** GET /api/projects/{id}/evaluations/: one page of a project's runs, newest first. */
export const EvaluationHistoryQuery = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number.' })
    .int({ error: 'page must be a whole number.' })
    .min(1, { error: 'page must be at least 1.' })
    .max(1_000_000, { error: 'page must be at most 1000000.' })
    .default(1),
  page_size: z.coerce
    .number({ error: 'page_size must be a whole number.' })
    .int({ error: 'page_size must be a whole number.' })
    .min(1, { error: 'page_size must be at least 1.' })
    .max(HISTORY_PAGE_SIZE.max, { error: `page_size must be at most ${HISTORY_PAGE_SIZE.max}.` })
    .default(HISTORY_PAGE_SIZE.default),
});
export type EvaluationHistoryQuery = z.infer<typeof EvaluationHistoryQuery>;

/** One run in the history list: what it was, how big, how it went. */
export const EvaluationHistoryItem = Evaluation.omit({ configuration_ids: true, input_ids: true }).extend({
  configuration_count: z.number().int(),
  input_count: z.number().int(),
  status_counts: StatusCounts,
});
export type EvaluationHistoryItem = z.infer<typeof EvaluationHistoryItem>;

export const EvaluationHistoryPage = z.object({
  items: z.array(EvaluationHistoryItem),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type EvaluationHistoryPage = z.infer<typeof EvaluationHistoryPage>;

/** PATCH /api/evaluations/{id}/: renames a run. */
export const RenameEvaluationInput = z.object({ name: requiredText('Name', LIMITS.nameMaxLength) });
export type RenameEvaluationInput = z.infer<typeof RenameEvaluationInput>;

export const CompareQuery = z.object({ base: Id, head: Id });
export type CompareQuery = z.infer<typeof CompareQuery>;

/** One run's side of a compared cell. */
export const CompareSide = z.object({
  api_request: Id,
  status: ApiRequestStatus,
  output: z.string().nullable(),
  /** The tools the model asked to call beside its output. */
  tool_calls: z.array(ToolCall),
  error_message: z.string().nullable(),
  /** Seconds. */
  execution_time: z.number().nullable(),
  input_token_total_count: z.number().int().nullable(),
  output_token_count: z.number().int().nullable(),
  /** US dollars; null while prices are not known for it. */
  cost_usd: z.number().nullable(),
  /** What judging its output cost in US dollars; null until a priced judgement ended. */
  judge_cost_usd: z.number().nullable(),
  scores: z.array(Score),
  /** Mean of the scores with a verdict; null when none has one. */
  mean_score: z.number().nullable(),
  checks_passed: z.number().int(),
});
export type CompareSide = z.infer<typeof CompareSide>;

/** head minus base, for the figures both sides have (else null). */
export const CompareDelta = z.object({
  execution_time: z.number().nullable(),
  input_tokens: z.number().int().nullable(),
  output_tokens: z.number().int().nullable(),
  cost_usd: z.number().nullable(),
  mean_score: z.number().nullable(),
  checks_passed: z.number().int().nullable(),
});
export type CompareDelta = z.infer<typeof CompareDelta>;

/** One (input, configuration) cell of the two runs; a side is null when that run did not make the call. */
export const ComparePair = z.object({
  input: Id.nullable(),
  configuration: Id,
  base: CompareSide.nullable(),
  head: CompareSide.nullable(),
  /** The status or the output (with its tool calls) differs, or only one run has the cell. */
  changed: z.boolean(),
  output_changed: z.boolean(),
  /** Null when the status is the same on both sides. */
  status_change: z.object({ from: ApiRequestStatus.nullable(), to: ApiRequestStatus.nullable() }).nullable(),
  delta: CompareDelta,
});
export type ComparePair = z.infer<typeof ComparePair>;

/**
 * GET /api/evaluations/compare/?base=A&head=B: two runs of one project cell by cell, changed cells first; the
 * configurations and inputs as the runs froze them (head's copy where both ran one).
 */
export const EvaluationComparison = z.object({
  base: Evaluation,
  head: Evaluation,
  /** The head's copy where both ran one; base_name is its name in the base run (null: the base did not run it). */
  configurations: z.array(ResultsConfiguration.extend({ base_name: z.string().nullable() })),
  inputs: z.array(ResultsInput),
  pairs: z.array(ComparePair),
  summary: z.object({
    pairs: z.number().int(),
    changed: z.number().int(),
    status_changed: z.number().int(),
    output_changed: z.number().int(),
    only_base: z.number().int(),
    only_head: z.number().int(),
    /** Cases fixed, broken and unchanged by the checks, and each run's pass rate and cost over the cells. */
    outcome: ComparisonOutcome,
  }),
});
export type EvaluationComparison = z.infer<typeof EvaluationComparison>;

/**
 * GET /api/evaluations/{id}/: a run's record without its requests: the evaluation and the configurations and inputs
 * as it froze them at start (with their token counts), what the results screen labels its cards and exports with.
 */
export const EvaluationRecord = z.object({
  evaluation: Evaluation,
  configurations: z.array(ResultsConfiguration.extend({ prompt_token_count: z.number().int() })),
  /**
   * expected_output: what the checks compared with when it ran (null: none, or a run made before it was frozen);
   * variables: what its templates were filled with (empty for a run made before they were frozen).
   */
  inputs: z.array(
    ResultsInput.extend({
      token_count: z.number().int(),
      expected_output: z.string().nullable(),
      variables: z.record(z.string(), z.string()),
    }),
  ),
});
export type EvaluationRecord = z.infer<typeof EvaluationRecord>;
