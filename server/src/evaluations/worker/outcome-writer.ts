import type { CallOutcome } from '../../providers/call.js';
import type { WorkerEvents, WorkerLogger } from './events.js';
import type { ClaimedRow, Outcome } from './queue.js';

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
 * Collects finished requests and writes them in batches. Its write chain also carries the worker's lease renewals:
 * one statement at a time, because a renewal and a flush updating the same rows at once could deadlock.
 */
export class OutcomeWriter {
  private batch: Outcome[] = [];
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    /** Writes a batch; answers the evaluations it completed. */
    private readonly write: (batch: Outcome[]) => Promise<number[]>,
    private readonly events: WorkerEvents,
    private readonly log: WorkerLogger,
    private readonly retryMs = RETRY_MS,
  ) {}

  /** Runs `task` once every write queued before it has ended. */
  serialize(task: () => Promise<void>): Promise<void> {
    this.chain = this.chain.then(task);
    return this.chain;
  }

  /** Adds an outcome to the batch; `lastRunning`: no other call is running, so nothing will join it soon. */
  record({ id, evaluation_id, input_id }: ClaimedRow, outcome: CallOutcome, lastRunning: boolean) {
    this.batch.push(
      outcome.ok
        ? {
            id,
            evaluation_id,
            input_id,
            status: 'SUCCESS',
            execution_time: outcome.executionTime,
            ttft: outcome.reply.ttft,
            input_tokens: outcome.reply.inputTokens,
            output_tokens: outcome.reply.outputTokens,
            error_message: null,
            output: outcome.reply.output,
          }
        : {
            id,
            evaluation_id,
            input_id,
            status: 'FAILED',
            execution_time: outcome.executionTime,
            ttft: null,
            input_tokens: null,
            output_tokens: null,
            error_message: outcome.message,
            output: null,
          },
    );
    this.schedule(this.batch.length >= FLUSH_SIZE || lastRunning ? 0 : FLUSH_DELAY_MS);
  }

  /** Writes what is left, and schedules nothing more: a write that fails now is lost with the process. */
  async close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.serialize(() => this.flush()).catch((error) => this.log.error({ err: error }, 'final flush failed'));
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
      const completedEvaluationIds = await this.write(batch);
      this.events.emit('flushed', { count: batch.length, completedEvaluationIds });
    } catch (error) {
      // Keep them for the next flush; if this process dies first, the leases expire and the requests run again.
      this.log.error({ err: error, count: batch.length }, 'saving finished api requests failed; will retry');
      this.batch = batch.concat(this.batch);
      this.events.emit('flushFailed', { count: batch.length, error });
      if (!this.closed) this.schedule(this.retryMs);
    }
  }
}
