import type { Database } from '../../db/client.js';
import type { RunSnapshot } from '../../db/schema.js';
import type { EncryptionKey } from '../../api-keys/sealing.js';
import { budgetStopMessage, callCostUsd, missingKeyMessage } from '@promptgrid/contract';
import { openSealedKey, readActiveKey, type SealedKey } from '../../api-keys/service.js';
import { ProviderCaller, type CallOutcome, type ProviderSettings } from '../../providers/call.js';
import type { Lane, ProviderCall, ProviderName } from '../../providers/types.js';
import { evaluationContext, type EvaluationContext } from '../hand-over.js';
import type { WorkerEvents, WorkerLogger } from './events.js';
import type { HeldRow } from './lane.js';
import { settleCalls } from './hand-back.js';
import { budgetStopOf } from './budget-stops.js';
import type { BudgetRoom } from './budget-reservations.js';
import { callInputTokens, callMaxOutputTokens, countFor, worstCaseUsd } from '../call-tokens.js';
import type { LiveRequests } from '../live/live-requests.js';

/** A request whose worker died this many times (it may be what kills it) is failed instead of run again. */
export const MAX_CLAIMS = 5;
/** A user's keys are read again after this long: a key removed or replaced stops being used within it. */
const KEY_CACHE_MS = 3_000;
/** Contexts of the evaluations most recently run are kept; an older one is read again if it is needed. */
const CONTEXT_CACHE_SIZE = 200;

const failed = (message: string, executionTime = 0): CallOutcome => ({
  ok: false,
  message,
  executionTime,
  attempts: 0,
});

const FREE = { input_per_mtok: 0, output_per_mtok: 0 };
const priced = (outcome: CallOutcome, price: Parameters<typeof callCostUsd>[0]): CallOutcome =>
  outcome.ok
    ? { ...outcome, costUsd: callCostUsd(price, outcome.reply.inputTokens, outcome.reply.outputTokens) }
    : outcome;

/**
 * Runs claimed requests: reads what each needs (its evaluation's frozen configuration and input, its user's key),
 * calls the provider and hands the outcome to `record`. Keeps the calls it runs, so a stopping worker can wait for
 * them, abort them, and know which requests they were.
 */
export class RequestRunner {
  /** Shared with the judge worker: one client per provider and key, one connection pool. */
  readonly caller: ProviderCaller;
  /** Running calls by request id: how to abort each, and its evaluation (a cancel aborts one evaluation's calls). */
  private readonly running = new Map<number, { abort: AbortController; evaluationId: number }>();
  private readonly calls = new Set<Promise<void>>();
  /** Calls of `running` that wait for room in their run's budget, not sent yet. */
  private waitingForBudget = 0;
  private readonly contexts = new Map<number, Promise<EvaluationContext | null>>();
  private readonly keys = new Map<string, { value: Promise<string | null>; until: number }>();

  constructor(
    private readonly database: Database,
    settings: ProviderSettings,
    private readonly sealingKey: EncryptionKey,
    private readonly events: WorkerEvents,
    private readonly log: WorkerLogger,
    /** Takes an outcome; `lastRunning`: no other call is running. */
    private readonly record: (row: HeldRow, outcome: CallOutcome, lastRunning: boolean) => void,
    /** Where calls of runs with a budget reserve their worst case, and wait for room. */
    readonly budget: BudgetRoom,
    /** Where calls' text goes as it streams in, for whoever watches their runs live. */
    private readonly live: LiveRequests | null = null,
  ) {
    this.caller = new ProviderCaller(settings);
  }

  /** Ids of the requests whose calls are running. */
  runningIds(): number[] {
    return [...this.running.keys()];
  }

  /** Resolves when every call has ended, or after `timeoutMs` if some are still running. */
  settled(timeoutMs?: number) {
    return settleCalls(this.calls, timeoutMs);
  }

  /** Cuts every running call short: their requests are handed back, not recorded. */
  abortAll() {
    for (const { abort } of this.running.values()) abort.abort(new Error('worker stopping'));
  }

  /** Cuts the evaluation's running calls short; nothing is recorded for them (the cancel already ended their rows). */
  abortEvaluation(evaluationId: number) {
    for (const call of this.running.values())
      if (call.evaluationId === evaluationId) call.abort.abort(new Error('evaluation cancelled'));
  }

  offerKeys(keys: SealedKey[]) {
    for (const row of keys) {
      const key = this.cacheKey(
        row.userId,
        row.provider,
        new Promise((resolve) => resolve(openSealedKey(row, this.sealingKey))),
      );
      // Its client is made now, while the database writes the run's rows, rather than by the run's first call.
      key.then((value) => value !== null && this.caller.prepare(row.provider, value)).catch(() => {});
    }
  }

  rememberContext(evaluationId: number, context: Promise<EvaluationContext | null>) {
    if (this.contexts.size >= CONTEXT_CACHE_SIZE) this.contexts.delete(this.contexts.keys().next().value!);
    this.contexts.set(evaluationId, context);
  }

  /** Runs one request; the promise never rejects. */
  run(lane: Lane, row: HeldRow): Promise<void> {
    const call = this.execute(lane, row);
    this.calls.add(call);
    void call.finally(() => this.calls.delete(call));
    return call;
  }

  private async execute(lane: Lane, row: HeldRow) {
    const abort = new AbortController();
    this.running.set(row.id, { abort, evaluationId: row.evaluation_id });
    this.events.emit('started', { lane, requestId: row.id });
    try {
      const outcome = await this.outcomeOrFailure(lane, row, abort.signal);
      if (outcome === null || abort.signal.aborted) return;
      if (row.committed && !(await row.committed)) return;
      // running still holds this request: <= 1 means it was the last call running (e.g. the end of a run). Calls
      // waiting for room in a budget are not running: they wait for this outcome to be written.
      this.record(row, outcome, this.running.size - this.waitingForBudget <= 1);
      const status = outcome.ok ? 'SUCCESS' : 'FAILED';
      this.events.emit('finished', { lane, requestId: row.id, evaluationId: row.evaluation_id, status });
    } finally {
      this.running.delete(row.id);
      this.live?.end(row.id);
    }
  }

  /** The request's outcome, a failure if running it threw, or null when there is nothing to record. */
  private async outcomeOrFailure(lane: Lane, row: HeldRow, signal: AbortSignal): Promise<CallOutcome | null> {
    try {
      const context = await this.context(row.evaluation_id);
      if (!context) return null; // the evaluation was deleted; its rows went with it
      return await this.outcomeOf(lane, row, context, signal);
    } catch (error) {
      if (signal.aborted) return null; // shutting down: the lease is released and another run takes it
      this.log.error({ err: error, apiRequest: row.id }, 'api request failed unexpectedly');
      return failed(`Internal error while running this request: ${(error as Error).message}`);
    }
  }

  private async outcomeOf(lane: Lane, row: HeldRow, context: EvaluationContext, signal: AbortSignal) {
    const configuration = context.configurations.get(row.configuration_id);
    const input = row.input_id === null ? null : context.inputs.get(row.input_id);
    if (row.attempts > MAX_CLAIMS)
      return failed(
        `Stopped after ${MAX_CLAIMS} interrupted attempts: the worker running this request stopped each time.`,
      );
    if (!configuration || input === undefined)
      return failed('The configuration or input of this request is missing from the evaluation.');
    const call: ProviderCall = {
      provider: configuration.ai_model.company,
      model: configuration.ai_model.model_name,
      capabilities: configuration.ai_model.capabilities,
      systemPrompt: row.system_prompt ?? configuration.prompt_content,
      userPrompt: input === null ? null : (row.user_prompt ?? input.content),
      temperature: configuration.parameters.temperature,
      maxTokens: configuration.parameters.max_tokens,
      jsonMode: configuration.json_mode,
    };
    const budgetStop = budgetStopOf(this.database, row.evaluation_id);
    if (budgetStop !== undefined) return failed(budgetStop);
    const sink = this.live?.sink(row) ?? null;
    // A mock call spends nothing; a real one costs its usage at the price frozen into the run.
    if (lane === 'mock') return priced(await this.caller.mock(call, signal, sink), FREE);
    const key = await this.apiKey(context.userId, call.provider);
    if (key === null) return failed(missingKeyMessage(call.provider, [call.model]));
    const price = configuration.ai_model.price;
    if (context.budgetUsd !== null && price) {
      // A row a run handed over is not visible to other sessions until the run's transaction commits.
      if (row.committed && !(await row.committed)) return null;
      const count = countFor(configuration.ai_model);
      const inputTokens = callInputTokens(call.provider, call.systemPrompt, call.userPrompt, count);
      const worst = worstCaseUsd(price, inputTokens, callMaxOutputTokens(configuration));
      this.waitingForBudget++;
      const reservation = await this.budget
        .reserve('api_requests', row, worst, signal)
        .finally(() => this.waitingForBudget--);
      if (reservation.kind === 'gone') return null;
      if (reservation.kind === 'stop') return failed(budgetStopMessage(reservation.budgetUsd));
    }
    return priced(await this.caller.call(call, key, signal, sink), configuration.ai_model.price);
  }

  private context(evaluationId: number): Promise<EvaluationContext | null> {
    let context = this.contexts.get(evaluationId);
    if (!context) {
      context = this.database
        .executeSql<{ user_id: number; snapshot: RunSnapshot | string; budget_usd: number | null }>(
          'SELECT user_id, snapshot, budget_usd FROM evaluations WHERE id = $1',
          [evaluationId],
        )
        .then(({ rows }) => {
          if (rows.length === 0) return null;
          const snapshot: RunSnapshot =
            typeof rows[0].snapshot === 'string' ? (JSON.parse(rows[0].snapshot) as RunSnapshot) : rows[0].snapshot;
          return evaluationContext(rows[0].user_id, snapshot, rows[0].budget_usd);
        });
      context.catch(() => this.contexts.delete(evaluationId));
      this.rememberContext(evaluationId, context);
    }
    return context;
  }

  /** The user's active key for the provider (cached briefly); the judge worker uses it too. */
  apiKey(userId: number, provider: ProviderName): Promise<string | null> {
    const cached = this.keys.get(`${userId}:${provider}`);
    if (cached && cached.until > Date.now()) return cached.value;
    return this.cacheKey(userId, provider, readActiveKey(this.database.db, this.sealingKey, userId, provider));
  }

  private cacheKey(userId: number, provider: ProviderName, value: Promise<string | null>): Promise<string | null> {
    const id = `${userId}:${provider}`;
    value.catch(() => this.keys.delete(id));
    this.keys.set(id, { value, until: Date.now() + KEY_CACHE_MS });
    return value;
  }
}
