import type { RunSnapshot } from '../db/schema.js';
import type { SealedKey } from '../api-keys/service.js';
import type { Lane } from '../providers/types.js';

/**
 * What a run and the worker of its own process hand each other. The run code and the worker both import this module,
 * never each other: a run only needs to know the shape of a worker, not how it works.
 */

/** Channel a run announces itself on, so idle workers in other processes claim it without waiting for their poll. */
export const WORK_CHANNEL = 'promptgrid_evaluation_work';
/** Channel a cancel is announced on (payload: the evaluation id), so workers in other processes abort its calls. */
export const CANCEL_CHANNEL = 'promptgrid_evaluation_cancel';

/** An api request claimed for a worker: IN_PROGRESS under its lease. `attempts` counts the claims, this one included. */
export type ClaimedRequest = {
  id: number;
  evaluation_id: number;
  input_id: number | null;
  configuration_id: number;
  attempts: number;
  provider: Lane;
  /** The texts to send when a template filled them in; null: the snapshot's, as written. */
  system_prompt: string | null;
  user_prompt: string | null;
};

/** What a worker runs a request with: its evaluation's frozen configurations and inputs by id, and whose keys to use. */
export type EvaluationContext = {
  userId: number;
  /** The run's budget (USD): its calls reserve their worst case against it before they are sent. */
  budgetUsd: number | null;
  configurations: Map<number, RunSnapshot['configurations'][number]>;
  inputs: Map<number, RunSnapshot['inputs'][number]>;
};

export function evaluationContext(userId: number, snapshot: RunSnapshot, budgetUsd: number | null): EvaluationContext {
  return {
    userId,
    budgetUsd,
    configurations: new Map(snapshot.configurations.map((c) => [c.id, c])),
    inputs: new Map(snapshot.inputs.map((i) => [i.id, i])),
  };
}

/**
 * The worker of the process that creates a run, as the run sees it: the run claims the first rows of each lane for
 * it in its own transaction and hands them over, so its first calls start without a claim or a context read.
 */
export interface LocalWorker {
  readonly id: string;
  readonly leaseMs: number;
  /** How many rows the lane would take at once now. */
  room(lane: Lane): number;
  /** The run's user's keys, read in its transaction: its first calls need no read of their own, nor a new client. */
  offerKeys(keys: SealedKey[]): void;
  /**
   * Rows a new run claimed for this worker: buffer them and start what the lane has slots for; resolves once those
   * calls have started. The run's transaction may still be open: outcomes are kept until `committed` says it ended,
   * and dropped if it rolled back.
   */
  adopt(context: EvaluationContext, rows: ClaimedRequest[], committed: Promise<boolean>): Promise<void>;
}
