import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../db/client.js';
import { evaluationUsage } from '../db/schema.js';
import { HttpError } from '../http/errors.js';

/** Stripe statuses under which the Standard plan is paid up. */
export const PAYING_STATUSES = new Set(['active', 'trialing']);

/** The calendar month (UTC) a run counts against, e.g. '2026-11'. */
export const usagePeriod = (now = new Date()) => now.toISOString().slice(0, 7);

/**
 * Counts one real evaluation run against the user's month, inside the run's transaction, in one statement: a paying
 * subscriber's run is always counted, a free user's only while the month's count is under `freePerMonth`.
 * The conditional upsert is atomic, so concurrent runs at the limit never exceed it. Throws 402 when none are left.
 * With no limit (`freePerMonth` null) every run is counted, so the month's usage still shows.
 */
export async function consumeEvaluationQuota(
  tx: Tx,
  userId: number,
  freePerMonth: number | null,
  now = new Date(),
): Promise<void> {
  if (freePerMonth === null) {
    await tx.execute(sql`
      INSERT INTO evaluation_usage (user_id, period, count) VALUES (${userId}::int, ${usagePeriod(now)}::text, 1)
      ON CONFLICT (user_id, period) DO UPDATE SET count = evaluation_usage.count + 1`);
    return;
  }
  const paying = sql`EXISTS (SELECT 1 FROM subscriptions WHERE user_id = ${userId}::int AND status IN (${sql.join(
    [...PAYING_STATUSES].map((status) => sql`${status}`),
    sql`, `,
  )}))`;
  const rows = await queryRows<{ count: number }>(
    tx,
    sql`
    INSERT INTO evaluation_usage (user_id, period, count)
    SELECT ${userId}::int, ${usagePeriod(now)}::text, 1
     WHERE ${freePerMonth}::int > 0 OR ${paying}
    ON CONFLICT (user_id, period) DO UPDATE SET count = evaluation_usage.count + 1
     WHERE evaluation_usage.count < ${freePerMonth}::int OR ${paying}
    RETURNING count`,
  );
  if (rows.length === 0) {
    throw new HttpError(
      402,
      `You have used all ${freePerMonth} free evaluations this month. Upgrade to the Standard plan for unlimited evaluations.`,
    );
  }
}

export async function evaluationsUsedThisMonth(db: Db | Tx, userId: number, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ count: evaluationUsage.count })
    .from(evaluationUsage)
    .where(sql`${evaluationUsage.userId} = ${userId} and ${evaluationUsage.period} = ${usagePeriod(now)}`);
  return row?.count ?? 0;
}
