import { AiModel } from './ai-model.js';
import { ChatMessage } from './message.js';
import { z } from 'zod';
import { InputImage } from './input-image.js';
import { API_REQUEST_STATUSES, LIMITS } from './constants.js';
import { BodyId, Id, Timestamp, text } from './common.js';
import { Rating, Score } from './verdict.js';
import { PreviousOutcome } from './run-control.js';
import { ModelPrice } from './cost.js';
import { ReasoningSetting } from './configuration.js';
import { ConfigurationTooling, ToolCall } from './tools.js';

type RunCounts = { configuration_ids: number[]; input_ids: number[]; repetitions?: number };
/**
 * The calls a run makes: every distinct configuration on every distinct input (at least once without inputs), each
 * pair `repetitions` times.
 */
export const runRequestCount = ({ configuration_ids, input_ids, repetitions }: RunCounts) =>
  new Set(configuration_ids).size * Math.max(1, new Set(input_ids).size) * (repetitions ?? 1);

export const RunEvaluationInput = z
  .object({
    configuration_ids: z
      .array(BodyId, { error: 'configuration_ids must be a list of ids.' })
      .min(1, { error: 'Select at least one prompt-model.' })
      .max(LIMITS.runMaxRequests),
    input_ids: z.array(BodyId, { error: 'input_ids must be a list of ids.' }).max(LIMITS.runMaxRequests).default([]),
    name: text('Name').trim().max(LIMITS.nameMaxLength).optional(),
    use_mock: z.boolean().default(false),
    repetitions: z.number().int().min(1).max(10).default(1),
    /** Once the run's recorded cost reaches it, requests not yet started end FAILED instead of being sent. */
    budget_usd: z
      .number({ error: 'Budget must be a number of dollars.' })
      .positive({ error: 'Budget must be more than $0.' })
      .max(1_000_000, { error: 'Budget must be at most $1,000,000.' })
      .optional(),
  })
  .refine((run) => runRequestCount(run) <= LIMITS.runMaxRequests, {
    error: (issue) =>
      `A run may make at most ${LIMITS.runMaxRequests.toLocaleString('en-US')} API calls; this one would make ${runRequestCount(
        issue.input as RunCounts,
      ).toLocaleString('en-US')}.`,
  });
export type RunEvaluationInput = z.infer<typeof RunEvaluationInput>;

export const RunEvaluationResponse = z.object({
  evaluation_id: Id,
  total_requests: z.number().int(),
  /** Always empty: the requests run in the background. Kept because existing clients read the fields. */
  results: z.array(z.unknown()),
  errors: z.array(z.unknown()),
});
export type RunEvaluationResponse = z.infer<typeof RunEvaluationResponse>;

export const Evaluation = z.object({
  id: Id,
  name: z.string(),
  project: Id,
  use_mock: z.boolean(),
  total_requests: z.number().int(),
  configuration_ids: z.array(Id),
  input_ids: z.array(Id),
  created_at: Timestamp,
  completed_at: Timestamp.nullable(),
  /** How many times each pair runs (total_requests counts them all). */
  repetitions: z.number().int(),
  /** When the run was cancelled (its unfinished requests ended FAILED 'Cancelled.'); null otherwise. */
  cancelled_at: Timestamp.nullable(),
  /**
   * What the run's requests cost so far in USD, summed over those whose model had a known price (mock runs cost 0);
   * null for runs made before costs were recorded.
   */
  cost_usd: z.number().nullable(),
  /** false when some model of the run has no known price: cost_usd leaves its requests out. */
  cost_complete: z.boolean(),
  /**
   * What judging its outputs cost so far in USD (llm_judge calls at the judge model's price), apart from cost_usd;
   * null for runs made before judge costs were recorded. The budget counts both.
   */
  judge_cost_usd: z.number().nullable(),
  /** What the run cost in all: cost_usd plus judge_cost_usd; null when cost_usd is. The budget counts this. */
  total_cost_usd: z.number().nullable(),
  /** The budget the run was started with, if any. */
  budget_usd: z.number().nullable(),
});
export type Evaluation = z.infer<typeof Evaluation>;

export const ApiRequestStatus = z.enum(API_REQUEST_STATUSES);
export type ApiRequestStatus = z.infer<typeof ApiRequestStatus>;

/** One call: one (input, configuration) pair, or a configuration alone when no input was chosen. */
export const ApiRequest = z.object({
  id: Id,
  evaluation: Id,
  input: Id.nullable(),
  configuration: Id,
  /** The configuration's version this request ran; null for requests made before versions were kept. */
  configuration_version: z.number().int().nullable(),
  /** Which run of its (input, configuration) pair this is, from 0 (runs with repetitions make several). */
  repetition: z.number().int(),
  status: ApiRequestStatus,
  execution_time: z.number().nullable(),
  /** Time to first token: seconds from the call's start to its first piece of text; null when none came. */
  ttft: z.number().nullable(),
  input_token_total_count: z.number().int().nullable(),
  output_token_count: z.number().int().nullable(),
  /**
   * Of the output tokens, those the model spent reasoning (priced as output, as providers bill them); null when the
   * call did not reason or its provider did not say.
   */
  reasoning_tokens: z.number().int().nullable(),
  error_message: z.string().nullable(),
  /** What the call cost in USD from its usage; null when it has no usage or its model no known price. */
  cost_usd: z.number().nullable(),
  /** What judging its output cost in USD (every judge check and answer); null until a priced judgement ended. */
  judge_cost_usd: z.number().nullable(),
  /** The texts the model was sent, templates filled in (user_prompt: null when the run had no user prompt). */
  system_prompt: z.string().nullable(),
  /** The last user turn sent: the user prompt, or a conversation's last user message. */
  user_prompt: z.string().nullable(),
  /** Every turn sent after the system prompt: the configuration's messages, then the user prompt or conversation. */
  messages: z.array(ChatMessage),
  attempts: z.number().int(),
  /** The checks' verdicts on its output. */
  scores: z.array(Score),
  /** A judge (an llm_judge check) has yet to score its output; the run is not complete until none is. */
  judging: z.boolean(),
  /** A person's thumbs up or down, if any. */
  rating: Rating.nullable(),
  /** Earlier outcomes of this request, newest first: each re-run keeps the one it replaced. */
  history: z.array(PreviousOutcome),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type ApiRequest = z.infer<typeof ApiRequest>;

export const Result = z.object({
  id: Id,
  evaluation: Id,
  api_request: Id,
  input: Id.nullable(),
  configuration: Id,
  output: z.string(),
  /** The tools the model asked to call in this answer, in order; empty when it called none. */
  tool_calls: z.array(ToolCall),
  execution_time: z.number(),
  /** Time to first token (seconds), null when unknown. */
  ttft: z.number().nullable(),
  token_count: z.number().int(),
  /** Of token_count, the tokens spent reasoning; null when none were reported. */
  reasoning_tokens: z.number().int().nullable(),
  input_token_total_count: z.number().int(),
  created_at: Timestamp,
});
export type Result = z.infer<typeof Result>;

export const Metrics = z.object({
  average_execution_time: z.number(),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  /** The evaluation's cost_usd and cost_complete (see Evaluation). */
  cost_usd: z.number().nullable(),
  cost_complete: z.boolean(),
  /** The evaluation's judge_cost_usd (see Evaluation). */
  judge_cost_usd: z.number().nullable(),
  /** The evaluation's total_cost_usd: calls and judging (see Evaluation). */
  total_cost_usd: z.number().nullable(),
  /** The run was cancelled (cancelled_at is set): it reads Cancelled, not Failed or Partial, wherever it is shown. */
  cancelled: z.boolean(),
});
export type Metrics = z.infer<typeof Metrics>;

export const StatusCounts = z.object({
  PENDING: z.number().int(),
  IN_PROGRESS: z.number().int(),
  SUCCESS: z.number().int(),
  FAILED: z.number().int(),
  total: z.number().int(),
});
export type StatusCounts = z.infer<typeof StatusCounts>;

export const EvaluationQuery = z.object({ evaluation: Id });
/**
 * The results screen's poll: with updated_since (an ISO-8601 time, normally the newest updated_at the caller has
 * seen), only the requests changed after it.
 */
export const ApiRequestListQuery = EvaluationQuery.extend({
  updated_since: z.iso.datetime({ offset: true, error: 'updated_since must be an ISO-8601 time.' }).optional(),
});
export type ApiRequestListQuery = z.infer<typeof ApiRequestListQuery>;
export const EvaluationIdQuery = z.object({ evaluation_id: Id });

/** A configuration in the results document: as it was when the run started (later edits or deletes do not change it). */
export const ResultsConfiguration = z.object({
  id: Id,
  name: z.string(),
  prompt_content: z.string(),
  /** Its messages between the system prompt and the input, and the user turn a text input was sent as. */
  messages: z.array(ChatMessage),
  user_template: z.string(),
  /** endpoint: null for the built-in providers' models, and in runs made before endpoint names were kept. */
  ai_model: AiModel.pick({ id: true, company: true, endpoint: true, model_name: true }),
  /** reasoning: absent for runs made before reasoning settings were kept. */
  parameters: z.object({
    temperature: z.number(),
    max_tokens: z.number().int().nullable(),
    reasoning: ReasoningSetting.nullable().optional(),
  }),
  /** The model's price when the run started (null: unknown); absent for runs made before prices were kept. */
  price: ModelPrice.nullable().optional(),
  provider_specific_params: z.object({ json_mode: z.boolean().optional() }),
  /** The configuration's version that ran; absent for runs made before versions were kept. */
  version: z.number().int().positive().optional(),
  ...ConfigurationTooling.shape,
});
export type ResultsConfiguration = z.infer<typeof ResultsConfiguration>;

/** An input in the results document, as it was when the run started. */
export const ResultsInput = z.object({
  id: Id,
  name: z.string(),
  /** A conversation's content is its last user turn. */
  content: z.string(),
  /** The conversation of a conversation input; null for a text input. */
  messages: z.array(ChatMessage).nullable(),
  /** The images it ran with (their bytes at the input's image route while the input keeps them). */
  images: z.array(InputImage),
});
export type ResultsInput = z.infer<typeof ResultsInput>;

/** One api request with its output (null until SUCCESS): a row of the results document. */
export const ApiRequestWithOutput = ApiRequest.extend({
  output: z.string().nullable(),
  /** The tools the model asked to call (see Result); empty until SUCCESS. */
  tool_calls: z.array(ToolCall),
});
export type ApiRequestWithOutput = z.infer<typeof ApiRequestWithOutput>;

/**
 * GET /api/evaluations/{id}/results/: everything about a run in one document, as the JSON export saves it —
 * the evaluation, the configurations and inputs it ran (frozen at start), every api request with its output,
 * the metrics and the status counts.
 */
export const EvaluationResults = z.object({
  evaluation: Evaluation,
  configurations: z.array(ResultsConfiguration),
  inputs: z.array(ResultsInput),
  api_requests: z.array(ApiRequestWithOutput),
  metrics: Metrics,
  status_counts: StatusCounts,
});
export type EvaluationResults = z.infer<typeof EvaluationResults>;

export const EvaluationListQuery = z.object({ project: Id.optional() });
