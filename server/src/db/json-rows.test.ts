import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, databaseKinds } from '../../test/harness.js';
import { jsonRows, type Database } from './client.js';

describe.each(databaseKinds)('jsonRows on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.close());

  const rows = sql`SELECT * FROM (VALUES
      (2, 1, 'second', '{"turns":[{"role":"user","content":"Hi"}]}'::jsonb, 0.048445889999999055::float8,
       '2026-11-26T22:10:30.984615Z'::timestamptz),
      (1, 2, 'first', NULL, NULL, '2026-11-26T22:10:31Z'::timestamptz),
      (1, 1, 'first of all', NULL, 1e-7::float8, '2026-11-26T22:10:32.5Z'::timestamptz)
    ) AS t(id, part, name, data, seconds, at)`;

  it('reads the rows in the order of the keys, with JSON columns, numbers and times as themselves', async () => {
    const read = await jsonRows<{
      id: number;
      part: number;
      name: string;
      data: { turns: { role: string; content: string }[] } | null;
      seconds: number | null;
      at: string;
    }>(database.db, rows, 'id', 'part');
    expect(read.map((r) => r.name)).toEqual(['first of all', 'first', 'second']);
    expect(read[2]?.data).toEqual({ turns: [{ role: 'user', content: 'Hi' }] });
    expect(read.map((r) => r.seconds)).toEqual([1e-7, null, 0.048445889999999055]);
    // Times are ISO-8601 text with an offset: the same instants, to the microsecond.
    expect(read.map((r) => new Date(r.at).toISOString())).toEqual([
      '2026-11-26T22:10:32.500Z',
      '2026-11-26T22:10:31.000Z',
      '2026-11-26T22:10:30.984Z',
    ]);
    expect(read[2]?.at).toMatch(/^2026-11-26T\d\d:10:30\.984615[+-]\d\d(:\d\d)?$/);
  });

  it('answers an empty list for no rows', async () => {
    expect(await jsonRows(database.db, sql`SELECT 1 AS id WHERE false`, 'id')).toEqual([]);
  });
});
