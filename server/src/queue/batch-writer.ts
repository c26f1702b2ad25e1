import type { QueueEvents, QueueLogger } from './events.js';

/**
 * Outcomes wait this long for company before they are written: a write has a fixed cost (~1.5 ms of the database
 * thread on the embedded database, and main-thread work either way) besides its per-row cost. When no call is
 * running, the batch is written at once instead. How the figure was chosen: docs/performance.md.
 */
const FLUSH_DELAY_MS = 100;
/** A batch this large is written at once. */
const FLUSH_SIZE = 200;
/** A failed write is tried again after this long, with whatever finished meanwhile. */
const RETRY_MS = 1000;

/**
 * Collects the results of one handler's tasks and writes them in batches, as graphile-worker batches its completeJobs
 * and failJobs. Its write chain also carries the renewals of that handler's leases: one statement at a time, because
 * a renewal and a write updating the same rows at once could deadlock.
 */
export class BatchWriter<T> {
  private batch: T[] = [];
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    /** The handler's name, for events. */
    private readonly task: string,
    /** Writes a batch; answers the groups it completed. */
    private readonly write: (batch: T[]) => Promise<number[]>,
    private readonly events: QueueEvents,
    private readonly log: QueueLogger,
    private readonly retryMs = RETRY_MS,
  ) {}

  /** Runs `task` once every write queued before it has ended. */
  serialize(task: () => Promise<void>): Promise<void> {
    this.chain = this.chain.then(task);
    return this.chain;
  }

  /** Items waiting for the next write (their tasks still held by this worker until it lands). */
  get waiting(): readonly T[] {
    return this.batch;
  }

  /** Adds an item to the batch; `now`: write it at once (nothing will join it soon). */
  add(item: T, now: boolean) {
    this.batch.push(item);
    this.schedule(this.batch.length >= FLUSH_SIZE || now ? 0 : FLUSH_DELAY_MS);
  }

  /** Writes what is left, and schedules nothing more: a write that fails now is lost with the process. */
  async close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.serialize(() => this.flush()).catch((error: unknown) =>
      this.log.error({ err: error }, 'final flush failed'),
    );
  }

  private schedule(delayMs: number) {
    if (this.timer && delayMs > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.serialize(() => this.flush());
    }, delayMs);
  }

  private async flush() {
    const batch = this.batch;
    if (batch.length === 0) return;
    this.batch = [];
    try {
      const completedGroups = await this.write(batch);
      this.events.emit('batch:written', { task: this.task, count: batch.length, completedGroups });
    } catch (error) {
      // One item the write cannot take would fail every batch it joins: write the others one by one, keep the ones
      // that still fail for the next flush; if this process dies first, the leases expire and they run again.
      const failed = batch.length > 1 ? await this.writeEachAlone(batch) : batch;
      this.log.error({ err: error, task: this.task, count: failed.length }, 'saving finished work failed; will retry');
      this.batch = failed.concat(this.batch);
      this.events.emit('batch:failed', { task: this.task, count: failed.length, error });
      if (!this.closed) this.schedule(this.retryMs);
    }
  }

  /** Writes each item in a statement of its own; answers the items whose write failed. */
  private async writeEachAlone(batch: T[]): Promise<T[]> {
    const failed: T[] = [];
    for (const item of batch) {
      try {
        const completedGroups = await this.write([item]);
        this.events.emit('batch:written', { task: this.task, count: 1, completedGroups });
      } catch {
        failed.push(item);
      }
    }
    return failed;
  }
}
