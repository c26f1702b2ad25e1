import { setTimeout as sleep } from 'node:timers/promises';
import { budgetStopMessage, callCostUsd, missingKeyMessage } from '@promptgrid/contract';
import type { ProviderCall } from '../../providers/types.js';
import type { FailureCause, Leased, TaskContext, TaskHandler } from '../../queue/task.js';
import { judgeCall, mockJudgeLatencyMs, mockJudgeReply, parseJudgeAnswer, type JudgeCase } from './judge.js';
import { readRunInputs, RunSnapshotCache, type RunInput } from '../../verdicts/scores.js';
import type { Reservation } from '../tasks/budget-reservations.js';
import { budgetStopOf } from '../run-state/budget-stops.js';
import { writeJudgements } from '../run-state/judgements.js';
import type { EngineServices } from '../tasks/services.js';
import { JUDGE_TABLE, LANES, type ClaimedJudgeTask } from '../tasks/tables.js';
import { readJudgeWork, type JudgeWork, type Judgement } from './work.js';
import { callInputTokens, countFor, worstCaseUsd } from '../call-tokens.js';
import { inputTurns, sentTurns } from '../turns.js';

/** A judgement before its cost is known. */
type Unpriced = Omit<Judgement, 'cost_usd'>;
const FREE = { input_per_mtok: 0, output_per_mtok: 0 };

/** A claimed task with what judging it needs (undefined: its evaluation was deleted). */
type HeldTask = ClaimedJudgeTask & { work: JudgeWork | undefined };

/**
 * The `judge` task: one verdict of an llm_judge check on one output. It builds the judge's prompt from the check's
 * rubric, the user prompt sent, the input's expected output and the output; calls the judge model with the user's key
 * through the same caller (and so the same 429 and 5xx retries) as any request, or the mock judge in a mock run; reads
 * the answer strictly, asking again when it cannot be read, and after the retry budget records the score as an error.
 * Its write stores the score and the judge's cost and counts the judgement off its run (run-state/judgements.ts).
 */
export class JudgeTask implements TaskHandler<HeldTask, Judgement> {
  readonly name = 'judge';
  readonly table = JUDGE_TABLE;
  readonly lanes = LANES;
  private readonly inputs: RunSnapshotCache<Map<number, RunInput>>;

  constructor(private readonly services: EngineServices) {
    this.inputs = new RunSnapshotCache((id) => readRunInputs(services.database.db, id));
  }

  groupOf(task: HeldTask) {
    return task.evaluation_id;
  }

  /** Claimed tasks with what judging them needs, read in one statement per claim. */
  async prepare(tasks: HeldTask[]): Promise<HeldTask[]> {
    const rows = await readJudgeWork(
      this.services.database,
      tasks.map((t) => t.id),
    );
    const work = new Map(rows.map((w) => [w.id, w]));
    return tasks.map((task) => ({ ...task, work: work.get(task.id) }));
  }

  async run(task: HeldTask, context: TaskContext): Promise<Judgement | null> {
    const judgement = await this.judgementOf(task, context);
    return judgement && this.priced(task, context.lane, judgement);
  }

  failure(task: HeldTask, cause: FailureCause, lane: string): Judgement {
    return this.priced(
      task,
      lane,
      this.failed(
        task,
        cause.kind === 'attempts'
          ? `Stopped after ${cause.max} interrupted attempts: the worker judging it stopped each time.`
          : `Internal error while judging this output: ${cause.error.message}`,
      ),
    );
  }

  async write(workerId: string, judgements: Leased<Judgement>[]): Promise<number[]> {
    const completed = await writeJudgements(this.services.database, workerId, judgements);
    // A run with checks to judge ends with its last judgement, not its last outcome: its watchers learn it here.
    this.services.live?.completed(completed);
    this.services.budget.changed();
    return completed;
  }

  /** The judge's answers cost their tokens at its model's price; nothing in a mock run. */
  private priced(task: HeldTask, lane: string, judgement: Unpriced): Judgement {
    const price = lane === 'mock' ? FREE : task.work?.price;
    return { ...judgement, cost_usd: callCostUsd(price, judgement.input_tokens, judgement.output_tokens) };
  }

  private failed(task: HeldTask, error: string, tokens = { input: 0, output: 0 }): Unpriced {
    return {
      id: task.id,
      evaluation_id: task.evaluation_id,
      pass: null,
      score: null,
      reason: '',
      error,
      input_tokens: tokens.input,
      output_tokens: tokens.output,
    };
  }

  private async judgementOf(task: HeldTask, { lane, signal, parked }: TaskContext): Promise<Unpriced | null> {
    const work = task.work;
    if (!work) return null; // the evaluation was deleted, and its tasks with it
    if (work.rubric === null || work.company === null || work.model_name === null || work.capabilities === null)
      return this.failed(task, 'The check was deleted.'); // its score is not stored: the task just ends
    if (work.output === null) return this.failed(task, 'The output to judge is missing.');
    const input = work.input_id === null ? undefined : (await this.inputs.of(work.evaluation_id)).get(work.input_id);
    const evaluation = await this.services.context(work.evaluation_id);
    const configuration = evaluation?.configurations.get(work.configuration_id);
    const sent = work.input_id === null ? null : evaluation?.inputs.get(work.input_id);
    if (!configuration || sent === undefined) return this.failed(task, 'The output to judge is missing.');
    const judgeCase: JudgeCase = {
      rubric: work.rubric,
      turns: inputTurns(sentTurns(work.messages, configuration, sent), configuration),
      expected: input?.expected ?? null,
      output: work.output,
      toolCalls: work.tool_calls ?? [],
    };
    const model = {
      company: work.company,
      model_name: work.model_name,
      capabilities: work.capabilities,
      supports_json_mode: work.supports_json_mode === true,
    };
    const budgetStop = budgetStopOf(this.services.database, task.evaluation_id);
    if (budgetStop !== undefined) return this.failed(task, budgetStop);
    const call = judgeCall(model, judgeCase);
    const key = lane === 'mock' ? '' : await this.credentialsOf(work, call);
    if (typeof key !== 'string') return this.failed(task, key.error);
    const tokens = { input: 0, output: 0 };
    for (let answers = 1; ; answers++) {
      let reply;
      if (lane === 'mock') {
        await sleep(mockJudgeLatencyMs(judgeCase), undefined, { signal });
        reply = mockJudgeReply(judgeCase);
      } else {
        const reservation = await parked(this.reserve(task, work, call, tokens, signal));
        if (reservation.kind === 'gone') return null;
        if (reservation.kind === 'stop') return this.failed(task, budgetStopMessage(reservation.budgetUsd), tokens);
        const outcome = await this.services.caller.call(call, key, signal);
        if (!outcome.ok) return this.failed(task, `The judge could not answer: ${outcome.message}`, tokens);
        reply = outcome.reply;
      }
      tokens.input += reply.inputTokens;
      tokens.output += reply.outputTokens;
      const answer = parseJudgeAnswer(reply.output);
      if (answer)
        return {
          id: task.id,
          evaluation_id: task.evaluation_id,
          ...answer,
          error: null,
          input_tokens: tokens.input,
          output_tokens: tokens.output,
        };
      if (answers > this.services.settings.maxRetries)
        return this.failed(task, `The judge's answer could not be read (${answers} answers).`, tokens);
    }
  }

  /**
   * The user's key of the judge model's provider; for a model of the user's endpoint, the endpoint (its own key and
   * headers) set on the call, and no provider key. An error when the key or the endpoint is gone.
   */
  private async credentialsOf(work: JudgeWork, call: ProviderCall): Promise<string | { error: string }> {
    if (call.provider !== 'custom') {
      const key = await this.services.apiKey(work.user_id, call.provider);
      return key ?? { error: missingKeyMessage(call.provider, [call.model]) };
    }
    const endpoint = work.endpoint_id === null ? null : await this.services.endpoint(work.user_id, work.endpoint_id);
    if (endpoint === null) return { error: `The endpoint that served ${call.model} was deleted.` };
    call.endpoint = endpoint;
    return '';
  }

  /**
   * In a run with a budget, reserves this answer's worst case, plus what its earlier answers cost, before it is asked
   * for (see budget-reservations.ts); a judge model without a price reserves nothing, as its cost is not counted.
   */
  private reserve(
    task: HeldTask,
    work: JudgeWork,
    call: ProviderCall,
    spent: { input: number; output: number },
    signal: AbortSignal,
  ): Promise<Exclude<Reservation, { kind: 'wait' }>> {
    if (work.budget_usd === null || !work.price) return Promise.resolve({ kind: 'reserved' });
    const count = countFor({ company: call.provider, model_name: call.model });
    const inputTokens = callInputTokens(call.provider, call.systemPrompt, call.messages, count);
    const worst = worstCaseUsd(work.price, spent.input + inputTokens, spent.output + (call.maxTokens ?? 0));
    return this.services.budget.reserve(JUDGE_TABLE.name, task, worst, signal);
  }
}
