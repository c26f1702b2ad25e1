/**
 * A task queue's contract with the code that runs its tasks. The queue knows tasks, lanes, leases and attempts; what a
 * task does, and what its end writes, is its handler's, registered with the queue by name (as graphile-worker's task
 * list maps identifiers to functions).
 *
 * A task is a row of its handler's table. The table has the queue's columns: `status` ('PENDING' until claimed,
 * 'IN_PROGRESS' while a worker holds it, then whatever its handler ends it with), `attempts` (claims so far),
 * `claimed_by`, `lease_expires_at`, `updated_at`, and the lane column. Adding a task is an INSERT of such a row in
 * the transaction that creates the work (sql/add.ts); the table's triggers announce it at commit.
 */

/** Where a handler's tasks live. */
export type TaskTable = {
  /** The table whose rows are the tasks. */
  name: string;
  /** The column naming the lane a task runs in (each lane has its own concurrency). */
  laneColumn: string;
  /** What a claim answers of each row (`id` and `attempts` among them). */
  columns: string;
  /** More assignments a claim makes, resetting what a previous holder left on the row. */
  onClaim?: string;
  /**
   * Claims take turns between owners (users), then between an owner's groups (runs), instead of taking tasks in the
   * order they were added: `groupColumn` names a task's group, `ownerOfGroup` is a query answering the owner (an
   * integer) of the group given as an SQL expression. Without it, tasks are claimed first added, first claimed.
   */
  fairness?: { groupColumn: string; ownerOfGroup: (group: string) => string };
};

/** A claimed task as the queue needs it; a handler's claim columns add the rest. */
export type ClaimedTask = {
  id: number;
  attempts: number;
  /** Whose task it is, on a table with fairness: a worker caps how many tasks one owner runs at once. */
  owner?: number;
};

/** A task ends without running when its handler threw, or when it was claimed more often than the queue allows. */
export type FailureCause = { kind: 'error'; error: Error } | { kind: 'attempts'; max: number };

/** What a handler's run gets besides its task. */
export type TaskContext = {
  lane: string;
  /** Aborted when the worker stops (the task is handed back) or its group is cancelled (its result is dropped). */
  signal: AbortSignal;
  /**
   * Waits for `promise` without counting as running meanwhile (e.g. for room in a budget that another task's result
   * makes): the worker writes results at once when nothing else runs, and a parked task is not something to wait for.
   */
  parked: <T>(promise: Promise<T>) => Promise<T>;
};

/**
 * A result as the worker hands it to its handler's write: `lease` is the attempt its task was claimed at (`attempts`
 * after that claim), the token of that claim. The write ends the task only while it still has that attempt under the
 * worker (sql/complete.ts): a claim since, by any worker, makes the result stale and it is dropped.
 */
export type Leased<Result> = Result & { lease: number };

/** What every task's result has: the id of its task. */
export type TaskResult = { id: number };

export interface TaskHandler<Task extends ClaimedTask = ClaimedTask, Result extends TaskResult = TaskResult> {
  /** The name events and logs use. */
  readonly name: string;
  readonly table: TaskTable;
  /** The lanes this worker runs tasks of; every lane keeps up to the worker's concurrency running. */
  readonly lanes: readonly string[];
  /** The group a task belongs to: a cancel drops and aborts a group's tasks. */
  groupOf(task: Task): number;
  /** Called once when the worker starts. */
  start?(): void;
  /** Completes freshly claimed tasks with what running them needs, in one read per claim. */
  prepare?(tasks: Task[]): Promise<Task[]>;
  /** Runs one task. null: nothing to write (the task's work is gone). */
  run(task: Task, context: TaskContext): Promise<Result | null>;
  /** The result a task of `lane` ends with when it cannot run. */
  failure(task: Task, cause: FailureCause, lane: string): Result;
  /**
   * Writes a batch of results in one statement (or transaction), only for tasks still IN_PROGRESS under `workerId` at
   * the attempt of their `lease` (sql/complete.ts), so each task ends exactly once; a result that is not (or no longer)
   * writable is dropped rather than failing the others. Answers the groups the write completed.
   */
  write(workerId: string, results: Leased<Result>[]): Promise<number[]>;
}
