import crypto from 'node:crypto';
import os from 'node:os';
import type { Database } from '../../db/client.js';
import { Listener } from '../../db/listener.js';
import type { EncryptionKey } from '../../api-keys/sealing.js';
import type { SealedKey } from '../../api-keys/service.js';
import { preloadSdks, type ProviderSettings } from '../../providers/call.js';
import type { Lane, ProviderName } from '../../providers/types.js';
import {
  CANCEL_CHANNEL,
  WORK_CHANNEL,
  type ClaimedRequest,
  type EvaluationContext,
  type LocalWorker,
} from '../hand-over.js';
import { workerEvents, type WorkerEvents, type WorkerLogger } from './events.js';
import { LaneRunner, type HeldRow } from './lane.js';
import { OutcomeWriter } from './outcome-writer.js';
import {
  claimExpiredRequests,
  claimPendingRequests,
  expireAllLeases,
  renewLeases,
  returnRequests,
  writeOutcomes,
} from './queue.js';
import { stopAndHandBack } from './hand-back.js';
import { RequestRunner } from './request-runner.js';
import { BudgetRoom } from './budget-reservations.js';
import { JudgeWorker } from './judge-worker.js';
import { RuleScorer } from '../../verdicts/rule-scorer.js';
import type { LiveHub } from '../live/hub.js';
import { LiveRequests } from '../live/live-requests.js';

export type WorkerSettings = ProviderSettings & {
  /** Concurrent calls per lane (provider) in this process. */
  concurrency: number;
  /** How long a claim holds without renewal; renewed every third of it. */
  leaseMs: number;
};

export type WorkerOptions = {
  /** PostgreSQL URL to LISTEN on for new work; without it other processes' runs are seen at the next poll. */
  listenUrl?: string | null;
  /** Where the worker reports what it does; tests pass their own to wait on. */
  events?: WorkerEvents;
  /** Where calls' text and saved outcomes go for runs watched live. */
  live?: LiveHub;
};

const LANES: Lane[] = ['openai', 'anthropic', 'mock'];
/** How long a stopping worker lets running calls finish before it aborts them. */
const STOP_GRACE_MS = 3000;

/**
 * Runs api requests, taking them from the api_requests table (see queue.ts): one lane per provider claims rows and
 * keeps up to `concurrency` calls running, the request runner makes each call, and the outcome writer saves the
 * outcomes in batches. This class starts and stops them, renews the leases of the rows it holds, wakes the lanes
 * when work arrives, and takes the rows a run in this process claimed for it. See
 * docs/decisions/0002-evaluation-execution.md.
 */
export class EvaluationWorker implements LocalWorker {
  readonly id = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  readonly events: WorkerEvents;
  private readonly lanes = new Map<Lane, LaneRunner>();
  private readonly runner: RequestRunner;
  private readonly writer: OutcomeWriter;
  /** The judge tasks of llm_judge checks: lanes of their own over the judge_tasks queue. */
  private readonly judges: JudgeWorker;
  private readonly listenUrl: string | null;
  private renewTimer: NodeJS.Timeout | null = null;
  private listener: Listener | null = null;
  private stopped = true;

  constructor(
    private readonly database: Database,
    private readonly settings: WorkerSettings,
    sealingKey: EncryptionKey,
    private readonly log: WorkerLogger,
    options: WorkerOptions = {},
  ) {
    this.listenUrl = options.listenUrl ?? null;
    const events = (this.events = options.events ?? workerEvents());
    const scorer = new RuleScorer(database.db);
    const live = options.live ? new LiveRequests(options.live) : null;
    // Every write of outcomes or judgements may leave room in a budget for the calls waiting on it.
    const budget = new BudgetRoom(database, this.id);
    events.on('flushed', () => budget.changed());
    this.writer = new OutcomeWriter(
      async (batch) => {
        const completed = await writeOutcomes(database, this.id, batch, await scorer.score(batch));
        live?.saved(batch, completed);
        return completed;
      },
      events,
      log,
    );
    this.runner = new RequestRunner(
      database,
      settings,
      sealingKey,
      events,
      log,
      (row, outcome, lastRunning) => this.writer.record(row, outcome, lastRunning),
      budget,
      live,
    );
    this.judges = new JudgeWorker(database, settings, this.id, this.runner, events, log);
    const claim = (lane: Lane, limit: number) => ({ workerId: this.id, lane, limit, leaseMs: settings.leaseMs });
    for (const lane of LANES)
      this.lanes.set(
        lane,
        new LaneRunner({
          lane,
          concurrency: settings.concurrency,
          claimExpired: (lane, limit) => claimExpiredRequests(database, claim(lane, limit)),
          claimPending: (lane, limit) => claimPendingRequests(database, claim(lane, limit)),
          startCall: (lane, row) => this.runner.run(lane, row),
          events,
          log,
        }),
      );
  }

  get leaseMs() {
    return this.settings.leaseMs;
  }

  async start() {
    if (!this.stopped) return;
    this.stopped = false;
    if (this.database.kind === 'pglite') await expireAllLeases(this.database);
    if (this.listenUrl) await this.listen(this.listenUrl);
    this.renewTimer = setInterval(
      () => void this.writer.serialize(() => this.renewLeases()),
      Math.max(200, Math.floor(this.settings.leaseMs / 3)),
    );
    for (const lane of this.lanes.values()) lane.start();
    this.judges.start();
    // Where users have stored keys, real runs will come: load their SDKs now rather than on the first run's critical path.
    this.database
      .executeSql(`SELECT DISTINCT provider FROM api_keys WHERE is_active`, [])
      .then(({ rows }) => preloadSdks(rows.map((r) => r.provider as ProviderName)))
      .catch(() => {});
    this.log.info({ worker: this.id, concurrency: this.settings.concurrency }, 'evaluation worker started');
  }

  room(lane: Lane): number {
    return this.lanes.get(lane)!.room();
  }

  offerKeys(keys: SealedKey[]) {
    this.runner.offerKeys(keys);
  }

  async adopt(context: EvaluationContext, rows: ClaimedRequest[], committed: Promise<boolean>) {
    if (rows.length === 0) return;
    this.runner.rememberContext(rows[0].evaluation_id, Promise.resolve(context));
    const byLane = new Map<LaneRunner, HeldRow[]>();
    for (const { provider, ...row } of rows) {
      const lane = this.lanes.get(provider)!;
      if (!byLane.has(lane)) byLane.set(lane, []);
      byLane.get(lane)!.push({ ...row, committed });
    }
    for (const [lane, held] of byLane) lane.adopt(held);
    await Promise.all([...byLane.keys()].map((lane) => lane.filled()));
  }

  /** New work was queued: claim it now rather than at the next poll. */
  wake() {
    for (const lane of this.lanes.values()) lane.wake();
    this.judges.wake();
  }

  /**
   * A cancel ended the evaluation's unfinished rows and judge tasks: forget the ones waiting in the lanes and abort its
   * running calls and judgements, so no call of it keeps going (their late outcomes would be dropped by writeOutcomes anyway).
   */
  cancel(evaluationId: number) {
    for (const lane of this.lanes.values()) lane.dropEvaluation(evaluationId);
    this.runner.abortEvaluation(evaluationId);
    this.judges.cancel(evaluationId);
    this.events.emit('cancelled', { evaluationId });
  }

  /** Stops claiming, lets running calls finish for a moment, aborts the rest and hands their requests back. */
  async stop() {
    if (this.stopped) return;
    this.stopped = true;
    if (this.renewTimer) clearInterval(this.renewTimer);
    const judgesStopped = this.judges.stop(STOP_GRACE_MS);
    await stopAndHandBack(this.lanes.values(), this.runner, this.writer, STOP_GRACE_MS, (rows) =>
      returnRequests(this.database, this.id, rows),
    );
    await judgesStopped;
    await this.listener?.close();
    this.listener = null;
    this.log.info({ worker: this.id }, 'evaluation worker stopped');
  }

  private bufferedIds(): number[] {
    return [...this.lanes.values()].flatMap((lane) => lane.bufferedIds());
  }

  private async renewLeases() {
    const held = this.runner.runningIds().concat(this.bufferedIds());
    if (held.length === 0) return;
    await renewLeases(this.database, this.id, held, this.settings.leaseMs).catch((error: unknown) =>
      this.log.warn({ err: error }, 'renewing leases failed'),
    );
  }

  /** Work and cancels announced by other processes; after a lost connection, what was announced meanwhile is re-scanned. */
  private async listen(url: string) {
    this.listener = new Listener(
      url,
      [WORK_CHANNEL, CANCEL_CHANNEL],
      {
        notification: (channel, payload) => (channel === CANCEL_CHANNEL ? this.cancel(Number(payload)) : this.wake()),
        reconnected: () => {
          this.wake();
          this.events.emit('listening', { reconnected: true });
        },
      },
      this.log,
    );
    if (await this.listener.start()) this.events.emit('listening', { reconnected: false });
  }
}
