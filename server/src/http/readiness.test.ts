import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@promptgrid/contract';
import { createTestApp } from '../../test/harness.js';

describe('GET /readyz', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
  });
  afterAll(() => ctx?.close());
  const readyz = async () => {
    const response = await ctx.app.inject({ method: 'GET', url: ROUTES.readyz });
    return [response.statusCode, response.json<{ status: string }>().status] as const;
  };

  it('answers 503 until the database holds every migration, 200 then, and 503 again once the process stops', async () => {
    expect(await readyz()).toEqual([200, 'ready']);
    // The database as a newer build sees it before its last migration ran (another process is still migrating).
    const { rows } = await ctx.database.executeSql<{ id: number; hash: string; created_at: string }>(
      'DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations) RETURNING *',
      [],
    );
    expect(await readyz()).toEqual([503, 'migrations pending']);
    const last = rows.at(0);
    if (!last) throw new Error('no migration was recorded');
    await ctx.database.executeSql(
      'INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES ($1, $2, $3)',
      [last.id, last.hash, last.created_at],
    );
    expect(await readyz()).toEqual([200, 'ready']);

    ctx.app.readiness.stopping = true;
    expect(await readyz()).toEqual([503, 'stopping']);
    // Liveness is another question: the process still lives.
    expect((await ctx.app.inject({ method: 'GET', url: ROUTES.healthz })).statusCode).toBe(200);
  });
});
