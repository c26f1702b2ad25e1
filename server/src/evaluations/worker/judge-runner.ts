import { setTimeout as sleep } from 'node:timers/promises';
import { budgetStopMessage, callCostUsd, missingKeyMessage } from '@promptgrid/contract';
import type { Database } from '../../db/client.js';
import type { ProviderSettings } from '../../providers/call.js';
import type { Lane } from '../../providers/types.js';
import {
  judgeCall,
  mockJudgeLatencyMs,
  mockJudgeReply,
  parseJudgeAnswer,
  type JudgeCase,
} from '../../verdicts/judge.js';
import { RunInputsCache } from '../../verdicts/scores.js';
import type { WorkerLogger } from './events.js';
import type { JudgeWork, Judgement } from './judge-queue.js';
import type { ClaimedJudgeTask } from './queue.js';
import { MAX_CLAIMS, type RequestRunner } from './request-runner.js';
import { settleCalls } from './hand-back.js';
import { budgetStopOf } from './budget-stops.js';
import type { Reservation } from './budget-reservations.js';
import { callInputTokens, countFor, worstCaseUsd } from '../call-tokens.js';
import type { ProviderCall } from '../../providers/types.js';

/** A judgement before its cost is known. */
type Unpriced = Omit<Judgement, 'cost_usd'>;
const FREE = { input_per_mtok: 0, output_per_mtok: 0 };

/** A claimed task with what judging it needs (undefined: its evaluation was deleted). */
export type HeldTask = ClaimedJudgeTask & { work: JudgeWork | undefined };

/**
 * Judges claimed tasks: builds the judge's prompt from the check's rubric, the user prompt sent, the input's expected
 * output and the output; calls the judge model with the user's key through the same caller (and so the same 429 and
 * 5xx retries) as any request, or the mock judge in a mock run; reads the answer strictly, asking again when it cannot
 * be read, and after the retry budget records the score as an error. Keeps the calls it runs, for a stopping worker.
 */
export class JudgeRunner {
  /** Running judgements by task id: how to abort each, and its evaluation (a cancel aborts one evaluation's). */
  private readonly running = new Map<number, { abort: AbortController; evaluationId: number }>();
  private readonly calls = new Set<Promise<void>>();
  private readonly inputs: RunInputsCache;

  constructor(
    private readonly database: Database,
    private readonly settings: ProviderSettings,
    private readonly requests: RequestRunner,
    private readonly log: WorkerLogger,
    /** Takes a judgement; `lastRunning`: no other judgement is running. */
    private readonly record: (judgement: Judgement, lastRunning: boolean) => void,
  ) {
    this.inputs = new RunInputsCache(database.db);
  }

  runningIds(): number[] {
    return [...this.running.keys()];
  }

  settled(timeoutMs?: number) {
    return settleCalls(this.calls, timeoutMs);
  }

  /** Cuts every running judgement short: its task is handed back, not recorded. */
  abortAll() {
    for (const { abort } of this.running.values()) abort.abort(new Error('worker stopping'));
  }

  /** Cuts the evaluation's running judgements short; nothing is recorded for them (the cancel ended their tasks). */
  abortEvaluation(evaluationId: number) {
    for (const judgement of this.running.values())
      if (judgement.evaluationId === evaluationId) judgement.abort.abort(new Error('evaluation cancelled'));
  }

  /** Judges one task; the promise never rejects. */
  run(lane: Lane, task: HeldTask): Promise<void> {
    const call = this.execute(lane, task);
    this.calls.add(call);
    void call.finally(() => this.calls.delete(call));
    return call;
  }

  private async execute(lane: Lane, task: HeldTask) {
    const abort = new AbortController();
    this.running.set(task.id, { abort, evaluationId: task.evaluation_id });
    try {
      let judgement: Unpriced | null;
      try {
        judgement = await this.judgementOf(lane, task, abort.signal);
      } catch (error) {
        if (abort.signal.aborted) return; // shutting down: the lease is released and another worker judges it
        this.log.error({ err: error, judgeTask: task.id }, 'judging failed unexpectedly');
        judgement = this.failed(task, `Internal error while judging this output: ${(error as Error).message}`);
      }
      // The judge's answers cost their tokens at its model's price; nothing in a mock run.
      const price = lane === 'mock' ? FREE : task.work?.price;
      if (judgement)
        this.record(
          { ...judgement, cost_usd: callCostUsd(price, judgement.input_tokens, judgement.output_tokens) },
          this.running.size <= 1,
        );
    } finally {
      this.running.delete(task.id);
    }
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

  private async judgementOf(lane: Lane, task: HeldTask, signal: AbortSignal): Promise<Unpriced | null> {
    const work = task.work;
    if (!work) return null; // the evaluation was deleted, and its tasks with it
    if (task.attempts > MAX_CLAIMS)
      return this.failed(
        task,
        `Stopped after ${MAX_CLAIMS} interrupted attempts: the worker judging it stopped each time.`,
      );
    if (work.rubric === null || work.company === null || work.model_name === null || work.capabilities === null)
      return this.failed(task, 'The check was deleted.'); // its score is not stored: the task just ends
    if (work.output === null) return this.failed(task, 'The output to judge is missing.');
    const input = work.input_id === null ? undefined : (await this.inputs.of(work.evaluation_id)).get(work.input_id);
    const judgeCase: JudgeCase = {
      rubric: work.rubric,
      userPrompt: work.user_prompt ?? input?.content ?? null,
      expected: input?.expected ?? null,
      output: work.output,
    };
    const model = {
      company: work.company,
      model_name: work.model_name,
      capabilities: work.capabilities,
      supports_json_mode: work.supports_json_mode === true,
    };
    const budgetStop = budgetStopOf(this.database, task.evaluation_id);
    if (budgetStop !== undefined) return this.failed(task, budgetStop);
    const key = lane === 'mock' ? null : await this.requests.apiKey(work.user_id, work.company);
    if (lane !== 'mock' && key === null) return this.failed(task, missingKeyMessage(work.company, [work.model_name]));
    const call = judgeCall(model, judgeCase);
    const tokens = { input: 0, output: 0 };
    for (let answers = 1; ; answers++) {
      let reply;
      if (lane === 'mock') {
        await sleep(mockJudgeLatencyMs(judgeCase), undefined, { signal });
        reply = mockJudgeReply(judgeCase);
      } else {
        const reservation = await this.reserve(task, work, call, tokens, signal);
        if (reservation.kind === 'gone') return null;
        if (reservation.kind === 'stop') return this.failed(task, budgetStopMessage(reservation.budgetUsd), tokens);
        const outcome = await this.requests.caller.call(call, key!, signal);
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
      if (answers > this.settings.maxRetries)
        return this.failed(task, `The judge's answer could not be read (${answers} answers).`, tokens);
    }
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
    const inputTokens = callInputTokens(call.provider, call.systemPrompt, call.userPrompt, count);
    const worst = worstCaseUsd(work.price, spent.input + inputTokens, spent.output + (call.maxTokens ?? 0));
    return this.requests.budget.reserve('judge_tasks', task, worst, signal);
  }
}
