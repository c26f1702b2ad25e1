import { setTimeout as sleep } from 'node:timers/promises';
import { missingKeyMessage } from '@promptgrid/contract';
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
      let judgement: Judgement | null;
      try {
        judgement = await this.judgementOf(lane, task, abort.signal);
      } catch (error) {
        if (abort.signal.aborted) return; // shutting down: the lease is released and another worker judges it
        this.log.error({ err: error, judgeTask: task.id }, 'judging failed unexpectedly');
        judgement = this.failed(task, `Internal error while judging this output: ${(error as Error).message}`);
      }
      if (judgement) this.record(judgement, this.running.size <= 1);
    } finally {
      this.running.delete(task.id);
    }
  }

  private failed(task: HeldTask, error: string, tokens = { input: 0, output: 0 }): Judgement {
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

  private async judgementOf(lane: Lane, task: HeldTask, signal: AbortSignal): Promise<Judgement | null> {
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
}
