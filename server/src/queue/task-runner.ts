import type { Database } from '../db/client.js';
import { BatchWriter } from './batch-writer.js';
import type { QueueEvents, QueueLogger } from './events.js';
import { LaneRunner } from './lane.js';
import { claimReady, type Claim } from './sql/claim.js';
import { reclaimExpired } from './sql/reclaim-expired.js';
import { releaseTasks } from './sql/release.js';
import { renewLeases } from './sql/renew.js';
import type { ClaimedTask, Leased, TaskHandler, TaskResult } from './task.js';

/** A task whose workers stopped this many times (it may be what kills them) ends as a failure instead of running again. */
export const MAX_ATTEMPTS = 5;

export type TaskRunnerSettings = {
  /** Tasks running at once per lane. */
  concurrency: number;
  /** How long a claim holds without renewal. */
  leaseMs: number;
  /**
   * The share (0 to 1) of a lane's slots one owner's tasks may take at once, on tables with fairness: 1 lets a lone
   * user use every slot; less keeps room for others even while they have nothing to run.
   */
  maxSharePerOwner?: number;
};

/**
 * One handler's share of a worker: its lanes claim its tasks, it runs each through the handler with an abort signal,
 * batches the results for the handler's write, renews the leases of what it holds, and on stop hands back what it
 * could not finish.
 */
export class TaskRunner<Task extends ClaimedTask, Result extends TaskResult> {
  private readonly lanes: LaneRunner<Task>[];
  private readonly writer: BatchWriter<Leased<Result>>;
  /** Running tasks by id: how to abort each, and its group (a cancel aborts one group's tasks). */
  private readonly running = new Map<number, { abort: AbortController; group: number }>();
  private readonly runs = new Set<Promise<void>>();
  /** Tasks of `running` that wait without working (TaskContext.parked). */
  private parked = 0;

  constructor(
    private readonly database: Database,
    private readonly handler: TaskHandler<Task, Result>,
    private readonly workerId: string,
    private readonly settings: TaskRunnerSettings,
    private readonly events: QueueEvents,
    private readonly log: QueueLogger,
  ) {
    this.writer = new BatchWriter(handler.name, (batch) => handler.write(workerId, batch), events, log);
    const claim = (lane: string, limit: number, owners?: Claim['owners']): Claim => ({
      workerId,
      lane,
      limit,
      leaseMs: settings.leaseMs,
      owners,
    });
    const share = settings.maxSharePerOwner ?? 1;
    const maxRunningPerOwner =
      handler.table.fairness && share < 1 ? Math.max(1, Math.floor(share * settings.concurrency)) : null;
    const prepared = async (tasks: Task[]) => (tasks.length > 0 && handler.prepare ? handler.prepare(tasks) : tasks);
    this.lanes = handler.lanes.map(
      (lane) =>
        new LaneRunner<Task>({
          task: handler.name,
          lane,
          concurrency: settings.concurrency,
          maxRunningPerOwner,
          groupOf: (task) => handler.groupOf(task),
          reclaimExpired: async (limit) =>
            prepared(await reclaimExpired<Task>(database, handler.table, claim(lane, limit))),
          claimReady: async (limit, owners) =>
            prepared(await claimReady<Task>(database, handler.table, claim(lane, limit, owners))),
          start: (task) => this.run(lane, task),
          events,
          log,
        }),
    );
  }

  get table() {
    return this.handler.table;
  }

  start() {
    this.handler.start?.();
    for (const lane of this.lanes) lane.start();
  }

  wake() {
    for (const lane of this.lanes) lane.wake();
  }

  /** The group's tasks were ended by a cancel: forget its buffered ones and abort its running ones. */
  cancelGroup(group: number) {
    for (const lane of this.lanes) lane.dropGroup(group);
    for (const task of this.running.values()) if (task.group === group) task.abort.abort(new Error('cancelled'));
  }

  /**
   * Extends the leases of what it holds (running, buffered, or ended with a result waiting to be written), in the
   * writer's chain (a renewal and a write of the same rows at once could deadlock).
   */
  renewLeases() {
    return this.writer.serialize(async () => {
      const held = [...this.running.keys()].concat(
        this.lanes.flatMap((lane) => lane.bufferedIds()),
        this.writer.waiting.map((result) => result.id),
      );
      if (held.length === 0) return;
      await renewLeases(this.database, this.handler.table, this.workerId, held, this.settings.leaseMs).catch(
        (error: unknown) => this.log.warn({ err: error, task: this.handler.name }, 'renewing leases failed'),
      );
    });
  }

  /**
   * No more claims, a grace for running tasks, then the rest are aborted, the writer writes what ended, and the tasks
   * still held (interrupted or never started) go back to the queue.
   */
  async stop(graceMs: number) {
    await Promise.all(this.lanes.map((lane) => lane.stop()));
    await this.settled(graceMs);
    const interrupted = [...this.running.keys()];
    const unstarted = this.lanes.flatMap((lane) => lane.bufferedIds());
    for (const { abort } of this.running.values()) abort.abort(new Error('worker stopping'));
    await this.settled();
    await this.writer.close();
    for (const lane of this.lanes) lane.dropBuffer();
    if (interrupted.length + unstarted.length > 0)
      await releaseTasks(this.database, this.handler.table, this.workerId, { interrupted, unstarted }).catch(
        (error: unknown) => this.log.warn({ err: error, task: this.handler.name }, 'handing tasks back failed'),
      );
  }

  /** Resolves when every running task has ended, or after `timeoutMs` if some are still running. */
  private async settled(timeoutMs?: number) {
    const all = Promise.allSettled([...this.runs]);
    if (timeoutMs === undefined) await all;
    else await Promise.race([all, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
  }

  /** Runs one task; the promise never rejects. */
  private run(lane: string, task: Task): Promise<void> {
    const run = this.execute(lane, task);
    this.runs.add(run);
    void run.finally(() => this.runs.delete(run));
    return run;
  }

  private async execute(lane: string, task: Task) {
    const { handler, events } = this;
    const abort = new AbortController();
    const group = handler.groupOf(task);
    this.running.set(task.id, { abort, group });
    events.emit('task:started', { task: handler.name, lane, id: task.id, group });
    try {
      let result: Result | null;
      if (task.attempts > MAX_ATTEMPTS) result = handler.failure(task, { kind: 'attempts', max: MAX_ATTEMPTS }, lane);
      else {
        try {
          result = await handler.run(task, { lane, signal: abort.signal, parked: (promise) => this.park(promise) });
        } catch (error) {
          // Stopping or cancelled: the task is handed back, or already ended by the cancel.
          if (abort.signal.aborted) return;
          this.log.error({ err: error, task: handler.name, id: task.id }, 'a task failed unexpectedly');
          events.emit('task:failed', { task: handler.name, lane, id: task.id, group, error });
          result = handler.failure(task, { kind: 'error', error: asError(error) }, lane);
        }
      }
      if (result === null || abort.signal.aborted) return;
      // running still holds this task: <= 1 means nothing else is working, so nothing will join the batch soon.
      // The claim's attempt goes with the result: the write lands only if no claim came since (sql/complete.ts).
      this.writer.add({ ...result, lease: task.attempts }, this.running.size - this.parked <= 1);
      events.emit('task:completed', { task: handler.name, lane, id: task.id, group });
    } finally {
      this.running.delete(task.id);
    }
  }

  private async park<T>(promise: Promise<T>): Promise<T> {
    this.parked++;
    try {
      return await promise;
    } finally {
      this.parked--;
    }
  }
}

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));
