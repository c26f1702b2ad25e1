import type { Database } from '../../db/client.js';

/**
 * Runs this process has seen reach their budget, per database, with the message their requests end with. The write
 * that crosses a budget ends the PENDING rows in the database; rows a worker of this process already claimed but has
 * not started (its lanes buffer up to twice their concurrency, and a run hands its first rows to the local worker) are
 * ended by the request runner when it comes to them, instead of being sent, without asking the database. A worker in
 * another process learns it when its rows try to reserve (budget-reservations.ts).
 */
const stops = new WeakMap<Database, Map<number, string>>();
/** Enough for every run in progress many times over; the oldest are forgotten first. */
const REMEMBERED = 1000;

export function rememberBudgetStop(database: Database, evaluationId: number, message: string) {
  let known = stops.get(database);
  if (!known) stops.set(database, (known = new Map()));
  if (known.size >= REMEMBERED) known.delete(known.keys().next().value!);
  known.set(evaluationId, message);
}

/** The message a request of this evaluation ends with instead of being sent, or undefined to send it. */
export const budgetStopOf = (database: Database, evaluationId: number) => stops.get(database)?.get(evaluationId);
