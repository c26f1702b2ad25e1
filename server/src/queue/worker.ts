import crypto from 'node:crypto';
import os from 'node:os';
import type { Database } from '../db/client.js';
import { CANCEL_CHANNEL, WORK_CHANNEL } from './channels.js';
import { queueEvents, type QueueEvents, type QueueLogger } from './events.js';
import { Listener } from './listener.js';
import { expireAllLeases } from './sql/reclaim-expired.js';
import type { ClaimedTask, TaskHandler, TaskResult } from './task.js';
import { TaskRunner, type TaskRunnerSettings } from './task-runner.js';

/** How long a stopping worker lets running tasks finish before it aborts them and hands them back. */
const STOP_GRACE_MS = 3000;

/** A worker's id as it shows in `claimed_by`: which host and process holds a task. */
export const newWorkerId = () => `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;

type QueueWorkerOptions = {
  id?: string;
  /** PostgreSQL URL to LISTEN on for new work and cancels; without it other processes' work is seen at the next poll. */
  listenUrl?: string | null;
  /** Where the worker reports what it does; tests pass their own to wait on. */
  events?: QueueEvents;
};

/** What the worker does with a registered handler's runner, whatever its task and result types. */
type Runner = Pick<
  TaskRunner<ClaimedTask, TaskResult>,
  'table' | 'start' | 'wake' | 'cancelGroup' | 'renewLeases' | 'stop'
>;

/**
 * Runs the tasks of the handlers registered with it (graphile-worker's Worker over its task list): one TaskRunner per
 * handler, whose lanes claim, run and write its tasks. The worker starts and stops them, renews their leases every
 * third of a lease, wakes them when work is announced, and passes cancels on. See docs/decisions/0051.
 */
export class QueueWorker {
  readonly id: string;
  readonly events: QueueEvents;
  private readonly runners: Runner[] = [];
  private readonly listenUrl: string | null;
  private renewTimer: NodeJS.Timeout | null = null;
  private listener: Listener | null = null;
  private stopped = true;

  constructor(
    private readonly database: Database,
    private readonly settings: TaskRunnerSettings,
    private readonly log: QueueLogger,
    options: QueueWorkerOptions = {},
  ) {
    this.id = options.id ?? newWorkerId();
    this.events = options.events ?? queueEvents();
    this.listenUrl = options.listenUrl ?? null;
  }

  /** Adds a handler's tasks to what this worker runs (before it starts). */
  register<Task extends ClaimedTask, Result extends TaskResult>(handler: TaskHandler<Task, Result>): this {
    this.runners.push(new TaskRunner(this.database, handler, this.id, this.settings, this.events, this.log));
    return this;
  }

  async start() {
    if (!this.stopped) return;
    this.stopped = false;
    if (this.database.kind === 'pglite')
      for (const runner of this.runners) await expireAllLeases(this.database, runner.table);
    if (this.listenUrl) await this.listen(this.listenUrl);
    this.renewTimer = setInterval(
      () => {
        for (const runner of this.runners) void runner.renewLeases();
      },
      Math.max(200, Math.floor(this.settings.leaseMs / 3)),
    );
    for (const runner of this.runners) runner.start();
    this.log.info({ worker: this.id, concurrency: this.settings.concurrency }, 'queue worker started');
  }

  /** New work was added: claim it now rather than at the next poll. */
  wake() {
    for (const runner of this.runners) runner.wake();
  }

  /**
   * A cancel ended the group's unfinished tasks: forget the ones waiting in the lanes and abort the running ones, so
   * none keeps going (their late results would be dropped by the handler's write anyway).
   */
  cancelGroup(group: number) {
    for (const runner of this.runners) runner.cancelGroup(group);
    this.events.emit('group:cancelled', { group });
  }

  /**
   * Stops claiming, lets running tasks finish for up to `graceMs` (at most a few seconds: a provider call can take
   * minutes), aborts the rest and hands their tasks back.
   */
  async stop(graceMs = STOP_GRACE_MS) {
    if (this.stopped) return;
    this.stopped = true;
    if (this.renewTimer) clearInterval(this.renewTimer);
    await Promise.all(this.runners.map((runner) => runner.stop(Math.min(graceMs, STOP_GRACE_MS))));
    await this.listener?.close();
    this.listener = null;
    this.log.info({ worker: this.id }, 'queue worker stopped');
  }

  /** Work and cancels announced by other processes; after a lost connection, what was announced meanwhile is re-scanned. */
  private async listen(url: string) {
    this.listener = new Listener(
      url,
      [WORK_CHANNEL, CANCEL_CHANNEL],
      {
        notification: (channel, payload) =>
          channel === CANCEL_CHANNEL ? this.cancelGroup(Number(payload)) : this.wake(),
        reconnected: () => {
          this.wake();
          this.events.emit('queue:listening', { reconnected: true });
        },
      },
      this.log,
    );
    if (await this.listener.start()) this.events.emit('queue:listening', { reconnected: false });
  }
}
