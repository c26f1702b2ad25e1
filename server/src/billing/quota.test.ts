import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, databaseKinds, signedInClient } from '../../test/harness.js';
import { evaluationUsage, subscriptions } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { consumeEvaluationQuota, evaluationsUsedThisMonth, usagePeriod } from './quota.js';
import { itemAt } from '@promptgrid/test-support';

describe('usagePeriod', () => {
  it('is the calendar month in UTC', () => {
    expect(usagePeriod(new Date('2026-01-31T23:59:59.999Z'))).toBe('2026-01');
    expect(usagePeriod(new Date('2026-02-01T00:00:00.000Z'))).toBe('2026-02');
    // 00:30 on 1 February in Paris is still January in UTC.
    expect(usagePeriod(new Date('2026-02-01T00:30:00+01:00'))).toBe('2026-01');
    expect(usagePeriod(new Date('2026-12-31T23:00:00-05:00'))).toBe('2027-01');
  });
});

describe.each(databaseKinds)('evaluation quota on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx?.close());

  const consume = (userId: number, free: number, now?: Date) =>
    ctx.database.db.transaction((tx) => consumeEvaluationQuota(tx, userId, free, now));
  const newUser = async () => (await signedInClient(ctx.app)).user.id;

  it('with one free run left, 20 concurrent runs: exactly one is counted, the others get 402', async () => {
    const userId = await newUser();
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => consume(userId, 1)));
    const accepted = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(accepted).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(HttpError);
      expect(r.reason.statusCode).toBe(402);
      expect(r.reason.message).toMatch(/used all 1 free evaluations this month/);
    }
    expect(await evaluationsUsedThisMonth(ctx.database.db, userId)).toBe(1);
  });

  it('with 5 free runs, 20 concurrent runs from a partly used month: exactly the remaining 3 are counted', async () => {
    const userId = await newUser();
    await consume(userId, 5);
    await consume(userId, 5);
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => consume(userId, 5)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    expect(await evaluationsUsedThisMonth(ctx.database.db, userId)).toBe(5);
  });

  it('a refused run inside a transaction rolls back that transaction', async () => {
    const userId = await newUser();
    await consume(userId, 1);
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await tx.insert(subscriptions).values({ userId, status: 'free' });
        await consumeEvaluationQuota(tx, userId, 1);
      }),
    ).rejects.toMatchObject({ statusCode: 402 });
    expect(await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId))).toEqual([]);
  });

  it('starts a new count in a new month (UTC)', async () => {
    const userId = await newUser();
    const endOfJanuary = new Date('2026-01-31T23:59:59Z');
    const startOfFebruary = new Date('2026-02-01T00:00:00Z');
    await consume(userId, 2, endOfJanuary);
    await consume(userId, 2, endOfJanuary);
    await expect(consume(userId, 2, endOfJanuary)).rejects.toMatchObject({ statusCode: 402 });
    await consume(userId, 2, startOfFebruary);
    expect(await evaluationsUsedThisMonth(ctx.database.db, userId, endOfJanuary)).toBe(2);
    expect(await evaluationsUsedThisMonth(ctx.database.db, userId, startOfFebruary)).toBe(1);
    const rows = await ctx.database.db.select().from(evaluationUsage).where(eq(evaluationUsage.userId, userId));
    expect(rows.map((r) => [r.period, r.count]).sort()).toEqual([
      ['2026-01', 2],
      ['2026-02', 1],
    ]);
  });

  it('never refuses a paying subscriber (active or trialing), but still counts the runs', async () => {
    for (const status of ['active', 'trialing']) {
      const userId = await newUser();
      await ctx.database.db.insert(subscriptions).values({ userId, status });
      const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => consume(userId, 1)));
      expect(outcomes.every((o) => o.status === 'fulfilled')).toBe(true);
      // A server with no free allowance still lets subscribers run.
      await consume(userId, 0);
      const usage = itemAt(
        await ctx.database.db
          .select()
          .from(evaluationUsage)
          .where(and(eq(evaluationUsage.userId, userId), eq(evaluationUsage.period, usagePeriod()))),
        0,
      );
      expect(usage.count).toBe(21);
    }
  });

  it('treats past_due, canceled and unpaid subscriptions as free users', async () => {
    for (const status of ['past_due', 'canceled', 'unpaid', 'incomplete']) {
      const userId = await newUser();
      await ctx.database.db.insert(subscriptions).values({ userId, status });
      await consume(userId, 1);
      await expect(consume(userId, 1)).rejects.toMatchObject({ statusCode: 402 });
    }
  });

  it('refuses every real run when the free allowance is 0', async () => {
    const userId = await newUser();
    await expect(consume(userId, 0)).rejects.toMatchObject({ statusCode: 402 });
    expect(await evaluationsUsedThisMonth(ctx.database.db, userId)).toBe(0);
  });
});
