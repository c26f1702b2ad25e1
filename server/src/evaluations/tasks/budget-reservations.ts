import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.js';
import type { EngineTable } from './tables.js';

/**
 * A run's budget holds across processes because each call reserves its worst case (prompt tokens + max output tokens
 * at the price) in the database before it is sent: on its own queue row (`reserved_usd`), counted while the row is
 * IN_PROGRESS. The statement that ends the row adds its real cost to the evaluation, so the reservation turns into the
 * cost in one step, and a row handed back or taken over after a crash stops counting when it is claimed again (the
 * claim clears it). A call is sent only while the evaluation's spend plus every reservation in flight, its own
 * included, stays within the budget, or when nothing else is in flight (a small budget still runs one call at a
 * time): the final spend exceeds the budget by at most one call's worst case.
 */

/**
 * reserved: send it; wait: others are in flight and it does not fit, ask again when one ends; stop: the budget is
 * spent; gone: the row is no longer this worker's.
 */
export type Reservation =
  { kind: 'reserved' } | { kind: 'wait' } | { kind: 'stop'; budgetUsd: number } | { kind: 'gone' };

/** The advisory lock key space of reservations (with the evaluation id): reservations of one run, one at a time. */
const RESERVATION_LOCK = 724_311_002;

/** A call waiting to reserve: its row, and its worst case (USD). */
export type Candidate = { id: number; worstUsd: number };

/**
 * Reserves for the rows of one run this worker holds, in their order and in one statement: each reserves while the
 * run's spend, the reservations in flight (both queues, every process) and those before it in the list stay within
 * the budget; the first may also go when nothing is in flight. On PostgreSQL the statement runs after an advisory lock
 * of the run, so reservations of every process are decided one at a time per run; it is taken by nothing else, so it
 * cannot deadlock with the outcome write or a cancel (which lock rows, then the evaluation). The embedded database
 * has one process, whose reservations of a run are already made one at a time (BudgetRoom). Answers each row's
 * outcome; `gone`: the row is no longer this worker's (a cancel ended it), nothing is to be sent.
 */
export async function reserveBudget(
  database: Database,
  table: EngineTable,
  workerId: string,
  evaluationId: number,
  candidates: Candidate[],
): Promise<Map<number, Reservation>> {
  const queue = sql.raw(table);
  // A judgement asks again when an answer cannot be read: its row's earlier reservation is replaced, not added to.
  const inFlight = (other: EngineTable) => sql`(SELECT coalesce(sum(reserved_usd), 0) FROM ${sql.raw(other)}
     WHERE provider IN ('openai', 'anthropic', 'gemini', 'custom') AND status = 'IN_PROGRESS' AND evaluation_id = ${evaluationId}
       AND reserved_usd IS NOT NULL ${other === table ? sql`AND id NOT IN (SELECT id FROM c)` : sql``})`;
  const statement = sql`
    WITH c AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(
        candidates.map((c, n) => ({ id: c.id, worst: c.worstUsd, n })),
      )}::jsonb) AS c(id int, worst float8, n int)
    ), run AS (
      SELECT budget_usd AS budget, coalesce(cost_usd, 0) + coalesce(judge_cost_usd, 0) AS spent,
             ${inFlight('api_requests')} + ${inFlight('judge_tasks')} AS held
        FROM evaluations WHERE id = ${evaluationId}
    ), mine AS (
      SELECT c.id, c.worst, c.n FROM c
        JOIN ${queue} q ON q.id = c.id AND q.status = 'IN_PROGRESS' AND q.claimed_by = ${workerId}
    ), ranked AS (
      SELECT id, worst, sum(worst) OVER (ORDER BY n) AS upto, row_number() OVER (ORDER BY n) AS k FROM mine
    ), reserved AS (
      UPDATE ${queue} q SET reserved_usd = r.worst
        FROM ranked r, run
       WHERE q.id = r.id
         AND (run.budget IS NULL
              OR (run.spent < run.budget AND (run.spent + run.held + r.upto <= run.budget OR (run.held = 0 AND r.k = 1))))
      RETURNING q.id
    )
    SELECT run.budget, run.spent, (SELECT coalesce(jsonb_agg(id), '[]') FROM reserved) AS reserved,
           (SELECT coalesce(jsonb_agg(id), '[]') FROM mine) AS mine
      FROM run`;
  type Answer = { budget: number | null; spent: number; reserved: number[] | string; mine: number[] | string };
  const rows =
    database.kind === 'pglite'
      ? await queryRows<Answer>(database.db, statement)
      : await database.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT pg_advisory_xact_lock(${RESERVATION_LOCK}, ${evaluationId})`);
          return queryRows<Answer>(tx, statement);
        });
  const ids = (value: number[] | string) =>
    new Set((typeof value === 'string' ? JSON.parse(value) : value) as number[]);
  const answer = rows[0];
  const [reserved, mine] = answer ? [ids(answer.reserved), ids(answer.mine)] : [new Set(), new Set()];
  const spentAll = answer && answer.budget !== null && Number(answer.spent) >= answer.budget;
  return new Map(
    candidates.map(({ id }): [number, Reservation] => [
      id,
      !mine.has(id)
        ? { kind: 'gone' }
        : reserved.has(id)
          ? { kind: 'reserved' }
          : spentAll
            ? { kind: 'stop', budgetUsd: answer.budget! }
            : { kind: 'wait' },
    ]),
  );
}

/** How long calls that did not fit wait before asking again when no write of this process wakes them sooner. */
const RESERVATION_RETRY_MS = 100;

type Waiting = Candidate & {
  signal: AbortSignal;
  resolve: (reservation: Exclude<Reservation, { kind: 'wait' }>) => void;
  reject: (error: unknown) => void;
};

/**
 * This process's calls of runs with a budget reserve here. The calls of one run waiting to reserve are asked for
 * together, in one statement, one such statement at a time per run; those that do not fit wait until a write of this
 * process may have made room (a reservation turned into a smaller cost) or, for writes of other processes, until
 * the retry time. A flush thus costs one statement per waiting run, not one per waiting call.
 */
export class BudgetRoom {
  private readonly runs = new Map<string, Waiting[]>();
  private wakers = new Set<() => void>();

  constructor(
    private readonly database: Database,
    private readonly workerId: string,
  ) {}

  /** Something ended: the runs' waiting calls ask again. */
  changed() {
    const wakers = this.wakers;
    this.wakers = new Set();
    for (const wake of wakers) wake();
  }

  /**
   * Reserves the row's worst case, waiting while other calls of the run are in flight and it does not fit; never
   * answers `wait`. Rejects with the signal's reason when the call is aborted meanwhile.
   */
  reserve(
    table: EngineTable,
    row: { id: number; evaluation_id: number },
    worstUsd: number,
    signal: AbortSignal,
  ): Promise<Exclude<Reservation, { kind: 'wait' }>> {
    return new Promise((resolve, reject) => {
      const key = `${table}:${row.evaluation_id}`;
      const waiting = this.runs.get(key);
      const call = { id: row.id, worstUsd, signal, resolve, reject };
      if (waiting) waiting.push(call);
      else {
        this.runs.set(key, [call]);
        void this.drain(key, table, row.evaluation_id);
      }
    });
  }

  /** Asks for a run's waiting calls until none is left; new calls of the run join the next statement. */
  private async drain(key: string, table: EngineTable, evaluationId: number) {
    for (;;) {
      const waiting = this.runs.get(key)!.filter((call) => {
        if (call.signal.aborted) call.reject(call.signal.reason);
        return !call.signal.aborted;
      });
      this.runs.set(key, []);
      if (waiting.length === 0) {
        this.runs.delete(key);
        return;
      }
      let answers: Map<number, Reservation>;
      try {
        answers = await reserveBudget(this.database, table, this.workerId, evaluationId, waiting);
      } catch (error) {
        for (const call of waiting) call.reject(error);
        continue;
      }
      const still = waiting.filter((call) => {
        const answer = answers.get(call.id)!;
        if (answer.kind !== 'wait') call.resolve(answer);
        return answer.kind === 'wait';
      });
      const arrived = this.runs.get(key)!;
      this.runs.set(key, still.concat(arrived));
      if (still.length > 0 && arrived.length === 0) await this.nextChange();
    }
  }

  private nextChange() {
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, RESERVATION_RETRY_MS);
      this.wakers.add(wake);
    });
  }
}
