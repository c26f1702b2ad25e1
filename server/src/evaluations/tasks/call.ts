import {
  budgetStopMessage,
  callCostUsd,
  maxTokensOrDefault,
  missingKeyMessage,
  type InputImage,
} from '@promptgrid/contract';
import { preloadSdks, type CallOutcome } from '../../providers/call.js';
import { mockPassRate } from '../../providers/mock.js';
import { NO_TOOLS, type CallImage, type ProviderCall, type ProviderName } from '../../providers/types.js';
import type { Db } from '../../db/client.js';
import { imageData } from '../../inputs/images.js';
import { imagesTokens } from '../image-tokens.js';
import type { FailureCause, Leased, TaskContext, TaskHandler } from '../../queue/task.js';
import { RuleScorer } from '../../verdicts/rule-scorer.js';
import { callInputTokens, callMaxOutputTokens, countFor, toolingInputTokens, worstCaseUsd } from '../call-tokens.js';
import { sentTurns } from '../turns.js';
import { budgetStopOf } from '../run-state/budget-stops.js';
import { writeOutcomes, type Outcome } from '../run-state/outcomes.js';
import type { EngineServices, EvaluationContext } from './services.js';
import { CALL_TABLE, LANES, type ClaimedRequest } from './tables.js';

const FREE = { input_per_mtok: 0, output_per_mtok: 0 };

/** The frozen images with their bytes, in the run's order; null when one was deleted since the run began. */
async function callImages(db: Db, frozen: InputImage[]): Promise<CallImage[] | null> {
  const data = await imageData(
    db,
    frozen.map((image) => image.id),
  );
  const images: CallImage[] = [];
  for (const image of frozen) {
    const bytes = data.get(image.id);
    if (bytes === undefined) return null;
    images.push({ media_type: image.media_type, width: image.width, height: image.height, data: bytes });
  }
  return images;
}

const failed = (row: ClaimedRequest, message: string, executionTime = 0): Outcome => ({
  id: row.id,
  evaluation_id: row.evaluation_id,
  input_id: row.input_id,
  configuration_id: row.configuration_id,
  status: 'FAILED',
  execution_time: executionTime,
  ttft: null,
  input_tokens: null,
  output_tokens: null,
  reasoning_tokens: null,
  error_message: message,
  output: null,
  cost_usd: null,
});

/** A call's outcome as the request's result, its cost at `price` from the usage. */
function outcomeOf(row: ClaimedRequest, call: CallOutcome, price: Parameters<typeof callCostUsd>[0]): Outcome {
  if (!call.ok) return failed(row, call.message, call.executionTime);
  const { reply } = call;
  return {
    id: row.id,
    evaluation_id: row.evaluation_id,
    input_id: row.input_id,
    configuration_id: row.configuration_id,
    status: 'SUCCESS',
    execution_time: call.executionTime,
    ttft: reply.ttft,
    input_tokens: reply.inputTokens,
    output_tokens: reply.outputTokens,
    reasoning_tokens: reply.reasoningTokens,
    error_message: null,
    output: reply.output,
    tool_calls: reply.toolCalls.length > 0 ? reply.toolCalls : null,
    // Reasoning tokens are among the output tokens, and priced with them, as the providers bill them.
    cost_usd: callCostUsd(price, reply.inputTokens, reply.outputTokens) ?? null,
  };
}

/**
 * The `call` task: one provider call of an api request. It renders the call from the run's frozen configuration and
 * input (or the texts a template filled in), reserves its worst case in a run with a budget, sends it with the user's
 * key (or to the mock), streams its text to live watchers, and prices the reply; its write stores the outcome, the
 * result, the rule checks' scores and the judge work, and counts the run (outcomes.ts).
 */
export class CallTask implements TaskHandler<ClaimedRequest, Outcome> {
  readonly name = 'call';
  readonly table = CALL_TABLE;
  readonly lanes = LANES;
  private readonly scorer: RuleScorer;

  constructor(private readonly services: EngineServices) {
    this.scorer = new RuleScorer(services.database.db);
  }

  groupOf(row: ClaimedRequest) {
    return row.evaluation_id;
  }

  /** Where users have stored keys, real runs will come: their SDKs load now rather than on a first call's path. */
  start() {
    this.services.database
      .executeSql<{ provider: ProviderName | 'custom' }>(
        `SELECT DISTINCT provider FROM api_keys WHERE is_active UNION SELECT 'custom' FROM endpoints LIMIT 3`,
        [],
      )
      .then(({ rows }) => preloadSdks(rows.map((r) => r.provider)))
      .catch(() => {});
  }

  async run(row: ClaimedRequest, context: TaskContext): Promise<Outcome | null> {
    try {
      const evaluation = await this.services.context(row.evaluation_id);
      if (!evaluation) return null; // the evaluation was deleted; its rows went with it
      return await this.send(row, evaluation, context);
    } finally {
      this.services.live?.end(row.id);
    }
  }

  failure(row: ClaimedRequest, cause: FailureCause): Outcome {
    return failed(
      row,
      cause.kind === 'attempts'
        ? `Stopped after ${cause.max} interrupted attempts: the worker running this request stopped each time.`
        : `Internal error while running this request: ${cause.error.message}`,
    );
  }

  async write(workerId: string, outcomes: Leased<Outcome>[]): Promise<number[]> {
    const { database, live, budget } = this.services;
    const completed = await writeOutcomes(database, workerId, outcomes, await this.scorer.score(outcomes));
    live?.saved(outcomes, completed);
    // Reservations turned into (smaller) costs: calls waiting for room in a budget ask again.
    budget.changed();
    return completed;
  }

  private async send(
    row: ClaimedRequest,
    evaluation: EvaluationContext,
    { lane, signal, parked }: TaskContext,
  ): Promise<Outcome | null> {
    const { database, caller, budget, live } = this.services;
    const configuration = evaluation.configurations.get(row.configuration_id);
    const input = row.input_id === null ? null : evaluation.inputs.get(row.input_id);
    if (!configuration || input === undefined)
      return failed(row, 'The configuration or input of this request is missing from the evaluation.');
    const call: ProviderCall = {
      provider: configuration.ai_model.company,
      model: configuration.ai_model.model_name,
      capabilities: configuration.ai_model.capabilities,
      systemPrompt: row.system_prompt ?? configuration.prompt_content,
      messages: sentTurns(row.messages, configuration, input),
      temperature: configuration.parameters.temperature,
      // Always a limit: a model's own (up to 128,000 tokens) would make the estimate's "at most" a scare figure.
      maxTokens: maxTokensOrDefault(
        configuration.parameters.max_tokens,
        configuration.ai_model.capabilities.defaultMaxTokens,
      ),
      jsonMode: configuration.json_mode,
      reasoning: configuration.parameters.reasoning ?? null,
      // Runs made before tools were kept declared none.
      tools: configuration.tools ?? NO_TOOLS.tools,
      toolChoice: configuration.tool_choice ?? NO_TOOLS.toolChoice,
      responseSchema: configuration.response_schema ?? NO_TOOLS.responseSchema,
    };
    if (input?.images?.length) {
      const images = await callImages(database.db, input.images);
      if (images === null) return failed(row, `An image of the input "${input.name}" was deleted after the run began.`);
      call.images = images;
    }
    const budgetStop = budgetStopOf(database, row.evaluation_id);
    if (budgetStop !== undefined) return failed(row, budgetStop);
    const sink = live?.sink(row) ?? null;
    // A mock call spends nothing; a real one costs its usage at the price frozen into the run.
    if (lane === 'mock') {
      const passRate = input === null ? null : mockPassRate(input.variables ?? {}, configuration.name);
      const variation = { repetition: row.repetition, passRate, expectedOutput: input?.expected_output ?? null };
      return outcomeOf(row, await caller.mock(call, signal, sink, variation), FREE);
    }
    let key = '';
    if (call.provider === 'custom') {
      const endpointId = configuration.ai_model.endpoint_id;
      const endpoint = endpointId ? await this.services.endpoint(evaluation.userId, endpointId) : null;
      if (endpoint === null) return failed(row, `The endpoint that served ${call.model} was deleted.`);
      call.endpoint = endpoint;
    } else {
      const stored = await this.services.apiKey(evaluation.userId, call.provider);
      if (stored === null) return failed(row, missingKeyMessage(call.provider, [call.model]));
      key = stored;
    }
    const price = configuration.ai_model.price;
    if (evaluation.budgetUsd !== null && price) {
      const count = countFor(configuration.ai_model);
      const inputTokens =
        callInputTokens(call.provider, call.systemPrompt, call.messages, count) +
        toolingInputTokens(configuration, count) +
        imagesTokens(call.provider, input?.images);
      const worst = worstCaseUsd(price, inputTokens, callMaxOutputTokens(configuration));
      const reservation = await parked(budget.reserve(CALL_TABLE.name, row, worst, signal));
      if (reservation.kind === 'gone') return null;
      if (reservation.kind === 'stop') return failed(row, budgetStopMessage(reservation.budgetUsd));
    }
    const ended = await caller.call(call, key, signal, sink);
    const outcome = outcomeOf(row, ended, price);
    this.services.metrics?.callEnded({
      provider: call.provider,
      model: call.model,
      ok: ended.ok,
      retries: ended.attempts - 1,
      rateLimited: ended.rateLimited,
      inputTokens: outcome.input_tokens ?? null,
      outputTokens: outcome.output_tokens ?? null,
      costUsd: outcome.cost_usd ?? null,
    });
    return outcome;
  }
}
