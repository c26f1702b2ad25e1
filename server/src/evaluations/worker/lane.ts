import type { Lane } from '../../providers/types.js';
import type { WorkerEvents, WorkerLogger } from './events.js';
import type { ClaimedRow } from './queue.js';

/** A claimed row held by a lane; rows a run handed over carry whether its transaction committed (else they never existed). */
export type HeldRow = ClaimedRow & { committed?: Promise<boolean> };

/**
 * What a lane is doing:
 * - `stopped`: not started, or stopping. It claims nothing and starts nothing.
 * - `claiming`: a claim is on its way to the database.
 * - `full`: it holds as many rows as it keeps; a call ending (or new work) wakes it to claim more.
 * - `drained`: its last claim found less than it asked for. It waits for new work or its poll, not for calls ending.
 * - `backingOff`: its last claim failed. It waits like `drained`, then tries again.
 */
export type LaneMode = 'stopped' | 'claiming' | 'full' | 'drained' | 'backingOff';

/** How long a drained lane waits before it looks again (other processes' runs, expired leases). */
const IDLE_POLL_MS = 1000;
/** How often a busy lane also looks for IN_PROGRESS rows whose lease expired (their worker died). */
const EXPIRED_CHECK_MS = 1000;
/**
 * A lane holds up to this many times its concurrency in rows (running + buffered) and claims a concurrency's worth
 * at a time: few claims for a big run, and a full buffer still covers the claim's round trip.
 */
const HOLDING = 3;

export type LaneOptions<Row extends { id: number; evaluation_id: number } = HeldRow> = {
  lane: Lane;
  /** Calls at once. */
  concurrency: number;
  claimExpired: (lane: Lane, limit: number) => Promise<Row[]>;
  claimPending: (lane: Lane, limit: number) => Promise<Row[]>;
  /** Runs one request; resolves when its call has ended (its outcome recorded or dropped). */
  startCall: (lane: Lane, row: Row) => Promise<void>;
  events: WorkerEvents;
  log: WorkerLogger;
};

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
 * One provider's share of a worker: it keeps up to `concurrency` calls running and a buffer of claimed rows behind
 * them, so a slot that frees starts its next call at once instead of waiting for a database round trip. Its loop
 * refills the buffer, one claim at a time, whenever it has room for a concurrency's worth. Rows are api requests, or
 * judge tasks for a judge worker's lanes.
 */
export class LaneRunner<Row extends { id: number; evaluation_id: number } = HeldRow> {
  private mode: LaneMode = 'stopped';
  private buffer: Row[] = [];
  private inFlight = 0;
  private nextExpiredCheck = 0;
  private loop: Promise<void> | null = null;
  private readonly signal = new Signal();

  constructor(private readonly options: LaneOptions<Row>) {}

  get stopped() {
    return this.mode === 'stopped';
  }

  start() {
    if (!this.stopped) return;
    this.mode = 'claiming';
    this.loop = this.run();
  }

  /** Stops claiming and starting calls; resolves once a claim on its way has come back (into the buffer). */
  async stop() {
    this.mode = 'stopped';
    this.signal.notify();
    await this.loop;
  }

  /** New work may be waiting: claim now rather than at the next poll. */
  wake() {
    this.signal.notify();
  }

  /** How many rows it would take at once now. */
  room(): number {
    return this.stopped ? 0 : Math.max(0, HOLDING * this.options.concurrency - this.inFlight - this.buffer.length);
  }

  /** Rows claimed and not started yet. */
  bufferedIds(): number[] {
    return this.buffer.map((row) => row.id);
  }

  /** Forgets the buffered rows of a cancelled evaluation: the cancel already ended them. */
  dropEvaluation(evaluationId: number) {
    this.buffer = this.buffer.filter((row) => row.evaluation_id !== evaluationId);
  }

  /** Forgets the buffered rows: the worker hands them back to the queue. */
  dropBuffer() {
    this.buffer = [];
  }

  /** Rows a run claimed for this worker: buffers them and starts what its slots take. */
  adopt(rows: Row[]) {
    this.buffer.push(...rows);
    this.options.events.emit('claimed', {
      lane: this.options.lane,
      requestIds: rows.map((r) => r.id),
      handedOver: true,
    });
    this.fill();
  }

  /** Resolves once it has started all it can run now: its slots are taken or its buffer is empty. */
  filled(): Promise<void> {
    return new Promise((resolve) => {
      const check = () => (this.canStart() ? setImmediate(check) : resolve());
      setImmediate(check);
    });
  }

  private async run() {
    const { concurrency, lane, events, log } = this.options;
    while (!this.stopped) {
      // An idle lane first claims just what its slots take, so the first calls of a run start one smaller claim sooner.
      const idle = this.inFlight === 0 && this.buffer.length === 0;
      const want = idle ? concurrency : HOLDING * concurrency - this.inFlight - this.buffer.length;
      if (want < concurrency) {
        await this.waitIn('full');
        continue;
      }
      this.mode = 'claiming';
      let claimed: Row[];
      try {
        claimed = await this.claim(want);
      } catch (error) {
        if (this.stopped) break;
        log.error({ err: error, lane }, 'claiming api requests failed');
        await this.waitIn('backingOff', IDLE_POLL_MS);
        continue;
      }
      // Even when stopping: the worker hands buffered rows back to the queue.
      this.buffer.push(...claimed);
      if (claimed.length > 0) events.emit('claimed', { lane, requestIds: claimed.map((r) => r.id), handedOver: false });
      this.fill();
      if (this.stopped) break;
      if (claimed.length < want) {
        if (this.inFlight === 0 && this.buffer.length === 0) events.emit('idle', { lane });
        await this.waitIn('drained', IDLE_POLL_MS);
      }
    }
  }

  /** Waits in `mode` for a wake (or the timeout); stopping meanwhile wins over whatever mode it waited in. */
  private async waitIn(mode: Exclude<LaneMode, 'stopped' | 'claiming'>, timeoutMs?: number) {
    if (this.stopped) return;
    this.mode = mode;
    await this.signal.wait(timeoutMs);
  }

  /** IN_PROGRESS rows whose lease expired first (looked for at most once a second: only a dead worker leaves them), then PENDING rows. */
  private async claim(limit: number): Promise<Row[]> {
    const { lane, claimExpired, claimPending } = this.options;
    let rows: Row[] = [];
    const now = Date.now();
    if (now >= this.nextExpiredCheck) {
      this.nextExpiredCheck = now + EXPIRED_CHECK_MS;
      rows = await claimExpired(lane, limit);
    }
    if (rows.length < limit) rows = rows.concat(await claimPending(lane, limit - rows.length));
    return rows;
  }

  /** Whether fill would start a call now: a free slot and a buffered row. */
  private canStart() {
    return !this.stopped && this.inFlight < this.options.concurrency && this.buffer.length > 0;
  }

  /**
   * Starts the next buffered row if there is a free slot, and comes back for the next one in a later macrotask:
   * each request then leaves as soon as it is built, rather than after every other call's setup (decision 0010).
   */
  private fill() {
    if (!this.canStart()) return;
    const row = this.buffer.shift()!;
    this.inFlight++;
    void this.options.startCall(this.options.lane, row).finally(() => {
      this.inFlight--;
      // Next macrotask: by then the HTTP client has put the finished call's keep-alive socket back in its pool,
      // so the next call reuses it instead of opening a new connection.
      setImmediate(() => {
        this.fill();
        if (this.mode !== 'drained' && this.mode !== 'backingOff') this.signal.notify();
      });
    });
    if (this.canStart()) setImmediate(() => this.fill());
  }
}
