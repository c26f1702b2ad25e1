import { EventEmitter } from 'node:events';

/**
 * What a queue worker reports as it goes, named as graphile-worker names its events (`job:start`, `worker:getJob:empty`).
 * Tests wait on these instead of sleeping or polling; nothing in the queue depends on anyone listening. `task` is the
 * name a handler was registered under, `group` the id a handler gives the tasks that are cancelled together.
 */
export type QueueEventMap = {
  /** Tasks taken for a lane by its claim (ready ones, or ones whose worker's lease ran out). */
  'task:claimed': [{ task: string; lane: string; ids: number[] }];
  /** Tasks among a claim whose lease had run out: their worker died or stalled, and this one took them over. */
  'task:takenOver': [{ task: string; lane: string; ids: number[] }];
  /** A handler began running a task. */
  'task:started': [{ task: string; lane: string; id: number; group: number }];
  /** A handler ended a task: its result waits in the batch for the next write. */
  'task:completed': [{ task: string; lane: string; id: number; group: number }];
  /** A handler threw: the task ends with the failure the handler gives for it, which waits for the next write. */
  'task:failed': [{ task: string; lane: string; id: number; group: number; error: unknown }];
  /** A batch of results was written; the groups it completed (as the handler's write answers) are listed. */
  'batch:written': [{ task: string; count: number; completedGroups: number[] }];
  /** Writing a batch failed: its results are kept and written with the next. */
  'batch:failed': [{ task: string; count: number; error: unknown }];
  /** A cancel reached this worker: the group's buffered tasks are dropped and its running ones aborted. */
  'group:cancelled': [{ group: number }];
  /** The worker LISTENs for work and cancels (again, after its connection was lost and it woke its lanes). */
  'queue:listening': [{ reconnected: boolean }];
  /** A lane found nothing more to claim and holds no task: it waits for new work or its next poll. */
  'queue:idle': [{ task: string; lane: string }];
};

export type QueueEvents = EventEmitter<QueueEventMap>;

export const queueEvents = (): QueueEvents => new EventEmitter<QueueEventMap>();

export type QueueLogger = {
  info: (o: object | string, m?: string) => void;
  warn: (o: object | string, m?: string) => void;
  error: (o: object | string, m?: string) => void;
};
