import crypto from 'node:crypto';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import type { EvaluationSnapshot } from '../db/schema.js';
import type { EncryptionKey } from '../api-keys/sealing.js';
import { missingKeyMessage, openSealedKey, readActiveKey, type SealedKey } from '../api-keys/service.js';
import { preloadSdks, ProviderCaller, type CallOutcome, type ProviderSettings } from '../providers/call.js';
import type { Lane, ProviderCall, ProviderName } from '../providers/types.js';

export type WorkerSettings = ProviderSettings & {
  /** Concurrent calls per lane (provider) in this process. */
  concurrency: number;
  /** How long a claim holds without renewal; renewed every third of it. */
  leaseMs: number;
};

type Logger = {
  info: (o: object | string, m?: string) => void;
  warn: (o: object | string, m?: string) => void;
  error: (o: object | string, m?: string) => void;
};

type ClaimedRow = {
  id: number;
  evaluation_id: number;
  input_id: number | null;
  configuration_id: number;
  attempts: number;
  /** Rows a run claimed for this worker before its transaction ended: whether it committed (else they never existed). */
  committed?: Promise<boolean>;
};
export type ClaimedRequest = Omit<ClaimedRow, 'committed'> & { provider: Lane };
export type EvaluationContext = {
  userId: number;
  configurations: Map<number, EvaluationSnapshot['configurations'][number]>;
  inputs: Map<number, EvaluationSnapshot['inputs'][number]>;
};
type LaneState = {
  lane: Lane;
  /** Wakes the lane's claim loop: new work, stop, or (unless drained) a call ended and the buffer may need refilling. */
  signal: Signal;
  inFlight: number;
  /** Claimed rows (IN_PROGRESS, leased to this worker) not started yet: a freed slot takes the next one at once. */
  buffer: ClaimedRow[];
  /** The last claim found less than it asked for: the loop waits for a wake or the idle poll, not for calls ending. */
  drained: boolean;
  nextExpiredCheck: number;
  loop: Promise<void> | null;
};
type Finished = {
  id: number;
  evaluation_id: number;
  status: 'SUCCESS' | 'FAILED';
  execution_time: number;
  input_tokens: number | null;
  output_tokens: number | null;
  error_message: string | null;
  output: string | null;
};

/** Channel a run announces itself on, so idle workers in other processes claim it without waiting for their poll. */
export const WORK_CHANNEL = 'promptgrid_evaluation_work';

const LANES: Lane[] = ['openai', 'anthropic', 'mock'];

/** What a worker runs a request with: its evaluation's frozen configurations and inputs, and whose keys to use. */
export function evaluationContext(userId: number, snapshot: EvaluationSnapshot): EvaluationContext {
  return {
    userId,
    configurations: new Map(snapshot.configurations.map((c) => [c.id, c])),
    inputs: new Map(snapshot.inputs.map((i) => [i.id, i])),
  };
}

/**
 * The worker of the process that creates a run, as the run sees it: the run claims the first rows of each lane for
 * it in its own transaction and hands them over, so its first calls start without a claim or a context read.
 */
export interface LocalWorker {
  readonly id: string;
  readonly leaseMs: number;
  /** How many rows the lane would take at once now. */
  room(lane: Lane): number;
  /** The run's user's keys, read in its transaction: its first calls need no read of their own, nor a new client. */
  offerKeys(keys: SealedKey[]): void;
  /**
   * Rows a new run claimed for this worker: buffer them and start what the lane has slots for; resolves once those
   * calls have started. The run's transaction may still be open: outcomes are kept until `committed` says it ended,
   * and dropped if it rolled back.
   */
  adopt(context: EvaluationContext, rows: ClaimedRequest[], committed: Promise<boolean>): Promise<void>;
}
/** A request whose worker died this many times (it may be what kills it) is failed instead of run again. */
const MAX_CLAIMS = 5;
const IDLE_POLL_MS = 1000;
/** How often a busy lane also looks for IN_PROGRESS rows whose lease expired (their worker died). */
const EXPIRED_CHECK_MS = 1000;
/**
 * Outcomes wait this long for company before they are written: a flush statement has a fixed cost (~1.5 ms of the
 * database thread on PGlite, and main-thread work either way) besides its per-row cost. When no call is running, the
 * batch is written at once instead. 100 ms rather than 50 took ~0.01 off eval-throughput's ratio (with HOLDING below).
 */
const FLUSH_DELAY_MS = 100;
/**
 * A lane holds up to this many times its concurrency in rows (running + buffered) and claims a concurrency's worth
 * at a time: ~20 claims for 1000 calls instead of ~80 with a quarter at a time, and a full buffer still covers the
 * claim's round trip.
 */
const HOLDING = 3;
const FLUSH_SIZE = 200;
const STOP_GRACE_MS = 3000;
const KEY_CACHE_MS = 30_000;

/** Resolves the next wait() early, or lets it time out; a notify with nobody waiting is kept for the next wait. */
class Signal {
  private resolve: (() => void) | null = null;
  private pending = false;
  notify() {
    const resolve = this.resolve;
    this.resolve = null;
    if (resolve) resolve();
    else this.pending = true;
  }
  wait(timeoutMs?: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = timeoutMs === undefined ? null : setTimeout(() => this.notify(), timeoutMs);
      this.resolve = () => {
        if (timer) clearTimeout(timer);
        resolve();
      };
    });
  }
}

/**
 * Runs api requests. The api_requests table is the queue: a lane claims PENDING rows (or IN_PROGRESS rows whose
 * lease expired: their worker died) with FOR UPDATE SKIP LOCKED, marks them IN_PROGRESS under its lease, calls the
 * provider with up to `concurrency` calls at once, and writes outcomes in batches. A write lands only while the row
 * is still IN_PROGRESS and claimed by this worker, so each request ends terminal exactly once. See
 * docs/decisions/0002-evaluation-execution.md.
 */
export class EvaluationWorker implements LocalWorker {
  readonly id = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  private readonly caller: ProviderCaller;
  private readonly lanes = new Map<Lane, LaneState>();
  private readonly running = new Map<number, AbortController>();
  private readonly tasks = new Set<Promise<void>>();
  private readonly contexts = new Map<number, Promise<EvaluationContext | null>>();
  private readonly keys = new Map<string, { value: Promise<string | null>; until: number }>();
  private finished: Finished[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  /** Flushes and lease renewals, one at a time: two statements updating the same rows could deadlock. */
  private writes: Promise<void> = Promise.resolve();
  private renewTimer: NodeJS.Timeout | null = null;
  private listener: pg.Client | null = null;
  private stopped = true;

  constructor(
    private readonly database: Database,
    private readonly settings: WorkerSettings,
    private readonly sealingKey: EncryptionKey,
    private readonly log: Logger,
    /** PostgreSQL URL to LISTEN on for new work; without it other processes' runs are seen at the next poll. */
    private readonly listenUrl: string | null = null,
  ) {
    this.caller = new ProviderCaller(settings);
    for (const lane of LANES)
      this.lanes.set(lane, {
        lane,
        signal: new Signal(),
        inFlight: 0,
        buffer: [],
        drained: false,
        nextExpiredCheck: 0,
        loop: null,
      });
  }

  async start() {
    if (!this.stopped) return;
    this.stopped = false;
    if (this.database.kind === 'pglite') {
      // Only one process can open an embedded database, so anything IN_PROGRESS was left by a process that died.
      await this.database.executeSql(
        `UPDATE api_requests SET lease_expires_at = now() WHERE status = 'IN_PROGRESS'`,
        [],
      );
    }
    if (this.listenUrl) await this.listen(this.listenUrl);
    this.renewTimer = setInterval(
      () => {
        this.writes = this.writes.then(() => this.renewLeases());
      },
      Math.max(200, Math.floor(this.settings.leaseMs / 3)),
    );
    for (const state of this.lanes.values()) state.loop = this.runLane(state);
    // Where users have stored keys, real runs will come: load their SDKs now rather than on the first run's critical path.
    this.database
      .executeSql(`SELECT DISTINCT provider FROM api_keys WHERE is_active`, [])
      .then(({ rows }) => preloadSdks(rows.map((r) => r.provider as ProviderName)))
      .catch(() => {});
    this.log.info({ worker: this.id, concurrency: this.settings.concurrency }, 'evaluation worker started');
  }

  get leaseMs() {
    return this.settings.leaseMs;
  }

  room(lane: Lane): number {
    const state = this.lanes.get(lane)!;
    return this.stopped ? 0 : Math.max(0, HOLDING * this.settings.concurrency - state.inFlight - state.buffer.length);
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

  async adopt(context: EvaluationContext, rows: ClaimedRequest[], committed: Promise<boolean>) {
    if (rows.length === 0) return;
    this.rememberContext(rows[0].evaluation_id, Promise.resolve(context));
    const touched = new Set<LaneState>();
    for (const { provider, ...row } of rows) {
      const state = this.lanes.get(provider)!;
      state.buffer.push({ ...row, committed });
      touched.add(state);
    }
    for (const state of touched) this.fill(state);
    await Promise.all([...touched].map((state) => this.filled(state)));
  }

  /** Resolves once fill has started all the lane can run now: its slots are taken or its buffer is empty. */
  private filled(state: LaneState): Promise<void> {
    return new Promise((resolve) => {
      const check = () => (this.canStart(state) ? setImmediate(check) : resolve());
      setImmediate(check);
    });
  }

  /** New work was queued: claim it now rather than at the next poll. */
  wake() {
    for (const state of this.lanes.values()) state.signal.notify();
  }

  private async listen(url: string) {
    try {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: url });
      client.on('error', (error) => this.log.warn({ err: error }, 'work notifications lost; polling continues'));
      client.on('notification', () => this.wake());
      await client.connect();
      await client.query(`LISTEN ${WORK_CHANNEL}`);
      this.listener = client;
    } catch (error) {
      this.log.warn({ err: error }, 'could not LISTEN for work; polling instead');
    }
  }

  /**
   * Keeps the lane's calls running and a buffer of claimed rows behind them, so a slot that frees starts its next call
   * at once (fill) instead of waiting for a database round trip. The loop refills the buffer, one claim at a time,
   * whenever it has room for the concurrency's worth: rows held = running + buffered <= HOLDING x concurrency.
   */
  private async runLane(state: LaneState) {
    const { concurrency } = this.settings;
    const holding = HOLDING * concurrency;
    const minClaim = concurrency;
    while (!this.stopped) {
      // An idle lane first claims just what its slots take, so the first calls of a run start one smaller claim sooner.
      const idle = state.inFlight === 0 && state.buffer.length === 0;
      const want = idle ? concurrency : holding - state.inFlight - state.buffer.length;
      if (want < minClaim) {
        await state.signal.wait();
        continue;
      }
      let claimed: ClaimedRow[];
      try {
        claimed = await this.claim(state, want);
      } catch (error) {
        if (this.stopped) break;
        this.log.error({ err: error, lane: state.lane }, 'claiming api requests failed');
        state.drained = true;
        await state.signal.wait(IDLE_POLL_MS);
        state.drained = false;
        continue;
      }
      for (const row of claimed) state.buffer.push(row);
      this.fill(state);
      if (this.stopped) break;
      if (claimed.length < want) {
        // Nothing more to claim for now: wait for new work (wake), or poll for expired leases and other processes' runs.
        state.drained = true;
        await state.signal.wait(IDLE_POLL_MS);
        state.drained = false;
      }
    }
  }

  /** Whether fill would start a call now: a free slot and a buffered row. */
  private canStart(state: LaneState) {
    return !this.stopped && state.inFlight < this.settings.concurrency && state.buffer.length > 0;
  }

  /**
   * Starts the next buffered row if the lane has a free slot, and comes back for the next one in a later macrotask:
   * each request then leaves as soon as it is built, rather than after every other call's setup (decision 0010).
   */
  private fill(state: LaneState) {
    if (this.canStart(state)) {
      const row = state.buffer.shift()!;
      state.inFlight++;
      const task: Promise<void> = this.execute(state.lane, row).finally(() => {
        state.inFlight--;
        this.tasks.delete(task);
        // Next macrotask: by then the HTTP client has put the finished call's keep-alive socket back in its pool,
        // so the next call reuses it instead of opening a new connection.
        setImmediate(() => {
          this.fill(state);
          if (!state.drained) state.signal.notify();
        });
      });
      this.tasks.add(task);
      if (this.canStart(state)) setImmediate(() => this.fill(state));
    }
  }

  /**
   * Claims up to `limit` rows of the lane: IN_PROGRESS rows whose lease expired first (looked for at most once a
   * second: only a dead worker leaves them), then PENDING rows in id order. Both use api_requests_queue_idx.
   */
  private async claim(state: LaneState, limit: number): Promise<ClaimedRow[]> {
    let rows: ClaimedRow[] = [];
    const now = Date.now();
    if (now >= state.nextExpiredCheck) {
      state.nextExpiredCheck = now + EXPIRED_CHECK_MS;
      rows = await this.claimWhere(state.lane, limit, `status = 'IN_PROGRESS' AND lease_expires_at < now()`);
    }
    if (rows.length < limit)
      rows = rows.concat(await this.claimWhere(state.lane, limit - rows.length, `status = 'PENDING'`));
    return rows;
  }

  private async claimWhere(lane: Lane, limit: number, condition: string): Promise<ClaimedRow[]> {
    const { rows } = await this.database.executeSql(
      `UPDATE api_requests
          SET status = 'IN_PROGRESS', attempts = attempts + 1, claimed_by = $1,
              lease_expires_at = now() + $2 * interval '1 millisecond', updated_at = now()
        WHERE id IN (
          SELECT id FROM api_requests
           WHERE provider = $3 AND ${condition}
           ORDER BY id
           LIMIT $4
           FOR UPDATE SKIP LOCKED)
        RETURNING id, evaluation_id, input_id, configuration_id, attempts`,
      [this.id, this.settings.leaseMs, lane, limit],
    );
    return (rows as ClaimedRow[]).sort((a, b) => a.id - b.id);
  }

  private context(evaluationId: number): Promise<EvaluationContext | null> {
    let context = this.contexts.get(evaluationId);
    if (!context) {
      context = this.database
        .executeSql<{ user_id: number; snapshot: EvaluationSnapshot | string }>(
          'SELECT user_id, snapshot FROM evaluations WHERE id = $1',
          [evaluationId],
        )
        .then(({ rows }) => {
          if (rows.length === 0) return null;
          const snapshot: EvaluationSnapshot =
            typeof rows[0].snapshot === 'string' ? JSON.parse(rows[0].snapshot) : rows[0].snapshot;
          return evaluationContext(rows[0].user_id, snapshot);
        });
      context.catch(() => this.contexts.delete(evaluationId));
      this.rememberContext(evaluationId, context);
    }
    return context;
  }

  private rememberContext(evaluationId: number, context: Promise<EvaluationContext | null>) {
    if (this.contexts.size >= 200) this.contexts.delete(this.contexts.keys().next().value!);
    this.contexts.set(evaluationId, context);
  }

  private apiKey(userId: number, provider: ProviderName): Promise<string | null> {
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

  private async execute(lane: Lane, row: ClaimedRow) {
    const abort = new AbortController();
    this.running.set(row.id, abort);
    const failed = (message: string, executionTime = 0): CallOutcome => ({
      ok: false,
      message,
      executionTime,
      attempts: 0,
    });
    try {
      let outcome: CallOutcome;
      const context = await this.context(row.evaluation_id);
      if (!context) return; // the evaluation was deleted; its rows went with it
      const configuration = context.configurations.get(row.configuration_id);
      const input = row.input_id === null ? null : context.inputs.get(row.input_id);
      if (row.attempts > MAX_CLAIMS) {
        outcome = failed(
          `Stopped after ${MAX_CLAIMS} interrupted attempts: the worker running this request stopped each time.`,
        );
      } else if (!configuration || input === undefined) {
        outcome = failed('The configuration or input of this request is missing from the evaluation.');
      } else {
        const call: ProviderCall = {
          provider: configuration.ai_model.company,
          model: configuration.ai_model.model_name,
          capabilities: configuration.ai_model.capabilities,
          systemPrompt: configuration.prompt_content,
          userPrompt: input === null ? null : input.content,
          temperature: configuration.parameters.temperature,
          maxTokens: configuration.parameters.max_tokens,
          jsonMode: configuration.json_mode,
        };
        if (lane === 'mock') {
          outcome = await this.caller.mock(call, abort.signal);
        } else {
          const key = await this.apiKey(context.userId, call.provider);
          outcome =
            key === null ? failed(missingKeyMessage(call.provider)) : await this.caller.call(call, key, abort.signal);
        }
      }
      if (row.committed && !(await row.committed)) return;
      this.record(row, outcome);
    } catch (error) {
      if (abort.signal.aborted) return; // shutting down: the lease is released and another run takes it
      this.log.error({ err: error, apiRequest: row.id }, 'api request failed unexpectedly');
      if (row.committed && !(await row.committed)) return;
      this.record(row, failed(`Internal error while running this request: ${(error as Error).message}`));
    } finally {
      this.running.delete(row.id);
    }
  }

  private record({ id, evaluation_id }: ClaimedRow, outcome: CallOutcome) {
    this.finished.push(
      outcome.ok
        ? {
            id,
            evaluation_id,
            status: 'SUCCESS',
            execution_time: outcome.executionTime,
            input_tokens: outcome.reply.inputTokens,
            output_tokens: outcome.reply.outputTokens,
            error_message: null,
            output: outcome.reply.output,
          }
        : {
            id,
            evaluation_id,
            status: 'FAILED',
            execution_time: outcome.executionTime,
            input_tokens: null,
            output_tokens: null,
            error_message: outcome.message,
            output: null,
          },
    );
    // running still holds this request: <= 1 means it was the last call running (e.g. the end of a run).
    if (this.finished.length >= FLUSH_SIZE || this.running.size <= 1) this.scheduleFlush(0);
    else this.scheduleFlush(FLUSH_DELAY_MS);
  }

  private scheduleFlush(delayMs: number) {
    if (this.flushTimer && delayMs > 0) return;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      this.writes = this.writes.then(() => this.flush());
    }, delayMs);
  }

  /**
   * Writes finished requests in one statement: status, timings, tokens and the result row, only where the request is
   * still IN_PROGRESS under this worker; then counts them into their evaluations, and the write that brings an
   * evaluation's count to its total stamps completed_at. A concurrent flush of another worker waits for the
   * evaluation row's lock and then adds to the count it committed (READ COMMITTED re-reads the updated row), so
   * exactly one of them completes the evaluation.
   */
  private async flush() {
    const batch = this.finished;
    if (batch.length === 0) return;
    this.finished = [];
    const payload = JSON.stringify(batch);
    const statement = sql`
      WITH v AS (
        SELECT * FROM jsonb_to_recordset(${payload}::jsonb)
          AS v(id int, status text, execution_time float8, input_tokens int, output_tokens int, error_message text, output text)
      ), done AS (
        UPDATE api_requests r
           SET status = v.status, execution_time = v.execution_time, input_token_total_count = v.input_tokens,
               output_token_count = v.output_tokens, error_message = v.error_message, lease_expires_at = NULL, updated_at = now()
          FROM v
         WHERE r.id = v.id AND r.status = 'IN_PROGRESS' AND r.claimed_by = ${this.id}
        RETURNING r.id, r.evaluation_id, r.input_id, r.configuration_id, r.status
      ), saved AS (
        INSERT INTO results (evaluation_id, api_request_id, input_id, configuration_id, output, execution_time, token_count, input_token_total_count)
        SELECT d.evaluation_id, d.id, d.input_id, d.configuration_id, v.output, v.execution_time, v.output_tokens, v.input_tokens
          FROM done d JOIN v ON v.id = d.id
         WHERE d.status = 'SUCCESS'
        ON CONFLICT (api_request_id) DO NOTHING
      )
      UPDATE evaluations e
         SET finished_requests = e.finished_requests + d.n,
             completed_at = CASE WHEN e.completed_at IS NULL AND e.finished_requests + d.n >= e.total_requests THEN now() ELSE e.completed_at END
        FROM (SELECT evaluation_id, count(*)::int AS n FROM done GROUP BY evaluation_id) d
       WHERE e.id = d.evaluation_id`;
    try {
      let evaluationIds: number[] | null = null;
      for (const f of batch) {
        if (evaluationIds === null) evaluationIds = [f.evaluation_id];
        else if (!evaluationIds.includes(f.evaluation_id)) evaluationIds.push(f.evaluation_id);
      }
      if (evaluationIds!.length === 1) {
        await this.database.db.execute(statement);
      } else {
        // Several evaluations: lock their rows in id order first, so two workers cannot deadlock on them.
        const list = JSON.stringify(evaluationIds!.sort((a, b) => a - b));
        await this.database.db.transaction(async (tx) => {
          await tx.execute(
            sql`SELECT id FROM evaluations WHERE id IN (SELECT jsonb_array_elements_text(${list}::jsonb)::int) ORDER BY id FOR UPDATE`,
          );
          await tx.execute(statement);
        });
      }
    } catch (error) {
      // Keep them for the next flush; if this process dies first, the leases expire and the requests run again.
      this.log.error({ err: error, count: batch.length }, 'saving finished api requests failed; will retry');
      this.finished = batch.concat(this.finished);
      if (!this.stopped) this.scheduleFlush(1000);
    }
  }

  /** Claimed rows this worker still holds: running, and buffered (not started). */
  private held(): { running: number[]; buffered: number[] } {
    const buffered: number[] = [];
    for (const state of this.lanes.values()) for (const row of state.buffer) buffered.push(row.id);
    return { running: [...this.running.keys()], buffered };
  }

  private async renewLeases() {
    const { running, buffered } = this.held();
    if (running.length + buffered.length === 0) return;
    await this.database
      .executeSql(
        `UPDATE api_requests SET lease_expires_at = now() + $2 * interval '1 millisecond'
          WHERE id IN (SELECT jsonb_array_elements_text($3::jsonb)::int) AND claimed_by = $1 AND status = 'IN_PROGRESS'`,
        [this.id, this.settings.leaseMs, JSON.stringify(running.concat(buffered))],
      )
      .catch((error) => this.log.warn({ err: error }, 'renewing leases failed'));
  }

  /** Stops claiming, lets running calls finish for a moment, aborts the rest and hands their requests back. */
  async stop() {
    if (this.stopped) return;
    this.stopped = true;
    this.wake();
    if (this.renewTimer) clearInterval(this.renewTimer);
    await Promise.all([...this.lanes.values()].map((s) => s.loop));
    if (this.tasks.size > 0) await Promise.race([Promise.allSettled([...this.tasks]), sleep(STOP_GRACE_MS)]);
    const { running: unfinished, buffered } = this.held();
    for (const abort of this.running.values()) abort.abort(new Error('worker stopping'));
    await Promise.allSettled([...this.tasks]);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    await (this.writes = this.writes.then(() => this.flush())).catch((error) =>
      this.log.error({ err: error }, 'final flush failed'),
    );
    for (const state of this.lanes.values()) state.buffer = [];
    if (unfinished.length + buffered.length > 0) {
      // Hand them back at once. A buffered row never started, so its claim does not count as an interrupted attempt.
      await this.database
        .executeSql(
          `UPDATE api_requests
              SET lease_expires_at = now(),
                  attempts = attempts - CASE WHEN id IN (SELECT jsonb_array_elements_text($3::jsonb)::int) THEN 1 ELSE 0 END
            WHERE id IN (SELECT jsonb_array_elements_text($2::jsonb)::int) AND claimed_by = $1 AND status = 'IN_PROGRESS'`,
          [this.id, JSON.stringify(unfinished.concat(buffered)), JSON.stringify(buffered)],
        )
        .catch(() => {});
    }
    await this.listener?.end().catch(() => {});
    this.listener = null;
    this.log.info({ worker: this.id }, 'evaluation worker stopped');
  }
}
