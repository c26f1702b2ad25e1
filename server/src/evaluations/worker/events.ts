import { EventEmitter } from 'node:events';
import type { Lane } from '../../providers/types.js';

/**
 * What a worker reports as it goes. Tests wait on these instead of sleeping or polling; nothing in the worker
 * depends on anyone listening.
 */
export type WorkerEventMap = {
  /** Rows taken for a lane: by its own claim, or handed over by a run that claimed them for this worker. */
  claimed: [{ lane: Lane; requestIds: number[]; handedOver: boolean }];
  /** A call began for a request. */
  started: [{ lane: Lane; requestId: number }];
  /** A request's outcome is known and waits in the batch for the next flush. */
  finished: [{ lane: Lane; requestId: number; evaluationId: number; status: 'SUCCESS' | 'FAILED' }];
  /** A batch of outcomes (or of judgements) was written; the evaluations it completed are listed. */
  flushed: [{ count: number; completedEvaluationIds: number[] }];
  /** Writing a batch failed: its outcomes are kept and written with the next flush. */
  flushFailed: [{ count: number; error: unknown }];
  /** A cancel reached this worker: the evaluation's buffered rows are dropped and its running calls aborted. */
  cancelled: [{ evaluationId: number }];
  /** The worker LISTENs for work and cancels (again, after its connection was lost and it woke its lanes). */
  listening: [{ reconnected: boolean }];
  /** A lane found nothing more to claim and holds no rows: it waits for new work or its next poll. */
  idle: [{ lane: Lane }];
};

export type WorkerEvents = EventEmitter<WorkerEventMap>;

export const workerEvents = (): WorkerEvents => new EventEmitter<WorkerEventMap>();

export type WorkerLogger = {
  info: (o: object | string, m?: string) => void;
  warn: (o: object | string, m?: string) => void;
  error: (o: object | string, m?: string) => void;
};
