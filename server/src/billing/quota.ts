import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { evaluationUsage, subscriptions } from '../db/schema.js';
import { HttpError } from '../http/errors.js';

/** Stripe statuses under which the Standard plan is paid up. */
export const PAYING_STATUSES = new Set(['active', 'trialing']);

/** The calendar month (UTC) a run counts against, e.g. '2026-11'. */
export const usagePeriod = (now = new Date()) => now.toISOString().slice(0, 7);

export async function isPayingSubscriber(db: Db | Tx, userId: number): Promise<boolean> {
  const [row] = await db.select({ status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.userId, userId));
  return row !== undefined && PAYING_STATUSES.has(row.status);
}

/**
 * Counts one real evaluation run against the user's month, inside the run's transaction.
 * The conditional upsert is atomic, so concurrent runs at the limit never exceed it. Throws 402 when none are left.
 */
export async function consumeEvaluationQuota(tx: Tx, userId: number, freePerMonth: number, now = new Date()): Promise<void> {
  const period = usagePeriod(now);
  if (await isPayingSubscriber(tx, userId)) {
    await tx
      .insert(evaluationUsage)
      .values({ userId, period, count: 1 })
      .onConflictDoUpdate({ target: [evaluationUsage.userId, evaluationUsage.period], set: { count: sql`${evaluationUsage.count} + 1` } });
    return;
  }
  const counted =
    freePerMonth > 0
      ? await tx
          .insert(evaluationUsage)
          .values({ userId, period, count: 1 })
          .onConflictDoUpdate({
            target: [evaluationUsage.userId, evaluationUsage.period],
            set: { count: sql`${evaluationUsage.count} + 1` },
            setWhere: sql`${evaluationUsage.count} < ${freePerMonth}`,
          })
          .returning({ count: evaluationUsage.count })
      : [];
  if (counted.length === 0) {
    throw new HttpError(402, `You have used all ${freePerMonth} free evaluations this month. Upgrade to the Standard plan for unlimited evaluations.`);
  }
}

export async function evaluationsUsedThisMonth(db: Db | Tx, userId: number, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ count: evaluationUsage.count })
    .from(evaluationUsage)
    .where(sql`${evaluationUsage.userId} = ${userId} and ${evaluationUsage.period} = ${usagePeriod(now)}`);
  return row?.count ?? 0;
}
