import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { PgliteThread } from './pglite-thread.js';
import { itemAt } from '@promptgrid/test-support';

describe('PgliteThread: the embedded database in its worker thread', () => {
  let thread: PgliteThread;
  beforeAll(async () => {
    thread = await PgliteThread.open({ startParams: PGlite.defaultStartParams });
    await thread.exec('CREATE TABLE items (id int PRIMARY KEY, note text, at timestamptz DEFAULT now(), data jsonb)');
  });
  afterAll(() => thread.close());

  it('returns rows as PGlite does, and keeps the types a caller asks to keep as text', async () => {
    await thread.query('INSERT INTO items (id, note, data) VALUES ($1, $2, $3)', [1, 'one', { a: [1, 2] }]);
    const parsed = await thread.query('SELECT id, note, at, data FROM items WHERE id = 1');
    expect(parsed.rows[0]).toMatchObject({ id: 1, note: 'one', data: { a: [1, 2] } });
    expect(itemAt(parsed.rows, 0).at).toBeInstanceOf(Date);
    const text = await thread.query('SELECT at FROM items WHERE id = 1', [], {
      rowMode: 'array',
      parsers: { 1184: (v: string) => v },
    });
    expect(typeof itemAt(text.rows, 0)[0]).toBe('string');
  });

  it("keeps PostgreSQL's error fields (code, constraint) across the thread", async () => {
    const error = await thread.query('INSERT INTO items (id) VALUES (1)').catch((e) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'items_pkey' });
    expect((await thread.query('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }]);
  });

  it('reports a failed statement that asked for text parsers (as Drizzle does) and keeps working', async () => {
    const keepText = { 1184: (v: string) => v };
    const error = await thread
      .query('SELECT no_such_column FROM items', [], { rowMode: 'array', parsers: keepText })
      .catch((e) => e);
    expect(error).toMatchObject({ code: '42703', message: 'column "no_such_column" does not exist' });
    expect((await thread.query('SELECT 1 AS ok', [], { parsers: keepText })).rows).toEqual([{ ok: 1 }]);
  });

  it('rolls a failed transaction back, and holds statements from outside a transaction until it ends', async () => {
    await expect(
      thread.transaction(async (tx) => {
        await tx.query('INSERT INTO items (id) VALUES (2)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(itemAt((await thread.query('SELECT count(*)::int AS n FROM items WHERE id = 2')).rows, 0).n).toBe(0);

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = thread.transaction(async (tx) => {
      await tx.query('INSERT INTO items (id) VALUES (3)');
      await held;
      await tx.query('INSERT INTO items (id) VALUES (4)');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = thread.query('SELECT count(*)::int AS n FROM items WHERE id IN (3, 4)');
    release();
    await transaction;
    expect(itemAt((await outside).rows, 0).n).toBe(2);
  });
});

describe('PgliteThread when its thread dies', () => {
  it('reports the crash once and fails every later statement, but not on a normal close', async () => {
    const crashes: Error[] = [];
    const thread = await PgliteThread.open({
      startParams: PGlite.defaultStartParams,
      onCrash: (error) => crashes.push(error),
    });
    await (thread as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await expect(thread.query('SELECT 1')).rejects.toThrow('the embedded database thread exited');
    expect(crashes).toHaveLength(1);

    const closed = await PgliteThread.open({
      startParams: PGlite.defaultStartParams,
      onCrash: (error) => crashes.push(error),
    });
    await closed.close();
    expect(crashes).toHaveLength(1);
    // Two embedded databases start here, each several seconds on a busy two-core machine.
  }, 120_000);
});
