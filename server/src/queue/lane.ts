import type { QueueEvents, QueueLogger } from './events.js';
import type { ClaimedTask } from './task.js';

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

export type LaneOptions<Task extends ClaimedTask> = {
  /** The handler's name, for events and logs. */
  task: string;
  lane: string;
  /** Tasks running at once. */
  concurrency: number;
  /** Tasks of one owner running at once (a share of `concurrency`); null: no cap. */
  maxRunningPerOwner: number | null;
  /** The group of a task (a cancel drops a group's buffered tasks). */
  groupOf: (task: Task) => number;
  reclaimExpired: (limit: number) => Promise<Task[]>;
  /** Claims ready tasks; `owners` caps what one owner may hold (running and buffered) where owners are capped. */
  claimReady: (limit: number, owners?: { held: Map<number, number>; maxHeld: number }) => Promise<Task[]>;
  /** Runs one task; resolves when it has ended (its result recorded or dropped). */
  start: (task: Task) => Promise<void>;
  events: QueueEvents;
  log: QueueLogger;
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
 * One lane of one handler's tasks in a worker (graphile-worker's LocalQueue, one per lane): it keeps up to
 * `concurrency` tasks running and a buffer of claimed tasks behind them, so a slot that frees starts its next task at
 * once instead of waiting for a database round trip. Its loop refills the buffer, one claim at a time, whenever it has
 * room for a concurrency's worth.
 */
export class LaneRunner<Task extends ClaimedTask> {
  private mode: LaneMode = 'stopped';
  private buffer: Task[] = [];
  private inFlight = 0;
  /** Running tasks by owner, for the cap on one owner's share of the slots. */
  private readonly runningOf = new Map<number, number>();
  private nextExpiredCheck = 0;
  private loop: Promise<void> | null = null;
  private readonly signal = new Signal();

  constructor(private readonly options: LaneOptions<Task>) {}

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

  /** Tasks claimed and not started yet. */
  bufferedIds(): number[] {
    return this.buffer.map((task) => task.id);
  }

  /** Forgets the buffered tasks of a cancelled group: the cancel already ended them. */
  dropGroup(group: number) {
    this.buffer = this.buffer.filter((task) => this.options.groupOf(task) !== group);
  }

  /** Forgets the buffered tasks: the worker hands them back to the queue. */
  dropBuffer() {
    this.buffer = [];
  }

  private async run() {
    const { concurrency, task, lane, events, log } = this.options;
    while (!this.stopped) {
      // An idle lane first claims just what its slots take, so the first calls of a run start one smaller claim sooner.
      const idle = this.inFlight === 0 && this.buffer.length === 0;
      const want = idle ? concurrency : HOLDING * concurrency - this.inFlight - this.buffer.length;
      if (want < concurrency) {
        await this.waitIn('full');
        continue;
      }
      this.mode = 'claiming';
      let claimed: Task[];
      try {
        claimed = await this.claim(want);
      } catch (error) {
        if (this.stopped) break;
        log.error({ err: error, task, lane }, 'claiming tasks failed');
        await this.waitIn('backingOff', IDLE_POLL_MS);
        continue;
      }
      // Even when stopping: the worker hands buffered tasks back to the queue.
      this.buffer.push(...claimed);
      if (claimed.length > 0) events.emit('task:claimed', { task, lane, ids: claimed.map((t) => t.id) });
      this.fill();
      if (this.stopped) break;
      if (claimed.length < want) {
        if (this.inFlight === 0 && this.buffer.length === 0) events.emit('queue:idle', { task, lane });
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

  /** Tasks whose lease expired first (looked for at most once a second: only a dead worker leaves them), then ready ones. */
  private async claim(limit: number): Promise<Task[]> {
    const { reclaimExpired, claimReady } = this.options;
    let tasks: Task[] = [];
    const now = Date.now();
    if (now >= this.nextExpiredCheck) {
      this.nextExpiredCheck = now + EXPIRED_CHECK_MS;
      tasks = await reclaimExpired(limit);
      if (tasks.length > 0)
        this.options.events.emit('task:takenOver', {
          task: this.options.task,
          lane: this.options.lane,
          ids: tasks.map((t) => t.id),
        });
    }
    if (tasks.length < limit) tasks = tasks.concat(await claimReady(limit - tasks.length, this.ownersHeld()));
    return tasks;
  }

  /** What each owner holds here (running and buffered) and the most one may hold, when owners are capped. */
  private ownersHeld() {
    const { maxRunningPerOwner } = this.options;
    if (maxRunningPerOwner === null) return undefined;
    const held = new Map(this.runningOf);
    for (const { owner } of this.buffer) if (owner !== undefined) held.set(owner, (held.get(owner) ?? 0) + 1);
    return { held, maxHeld: maxRunningPerOwner * HOLDING };
  }

  /** The first buffered task whose owner has room for one more running task; -1 when none. */
  private nextStartable(): number {
    const { maxRunningPerOwner } = this.options;
    if (maxRunningPerOwner === null) return this.buffer.length > 0 ? 0 : -1;
    return this.buffer.findIndex(
      ({ owner }) => owner === undefined || (this.runningOf.get(owner) ?? 0) < maxRunningPerOwner,
    );
  }

  /** Whether fill would start a task now: a free slot and a buffered task whose owner has room. */
  private canStart() {
    return !this.stopped && this.inFlight < this.options.concurrency && this.nextStartable() >= 0;
  }

  /**
   * Starts the next buffered task if there is a free slot, and comes back for the next one in a later macrotask:
   * each provider request then leaves as soon as it is built, rather than after every other call's setup (decision 0010).
   */
  private fill() {
    if (!this.canStart()) return;
    const [task] = this.buffer.splice(this.nextStartable(), 1);
    if (!task) return;
    const { owner } = task;
    this.inFlight++;
    if (owner !== undefined) this.runningOf.set(owner, (this.runningOf.get(owner) ?? 0) + 1);
    void this.options.start(task).finally(() => {
      this.inFlight--;
      if (owner !== undefined) {
        const running = (this.runningOf.get(owner) ?? 1) - 1;
        if (running > 0) this.runningOf.set(owner, running);
        else this.runningOf.delete(owner);
      }
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
