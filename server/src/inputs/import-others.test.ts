import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@promptgrid/contract';
import { createTestApp, databaseKinds, signedInClient } from '../../test/harness.js';

describe.each(databaseKinds)('a 10,000-row import among other users on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx?.close());

  it("lets other users' requests through while it parses, counts tokens and writes, and creates every row", async () => {
    const importer = await signedInClient(ctx.app);
    const other = await signedInClient(ctx.app);
    const project = (await importer.post(ROUTES.projects, { name: 'Big', description: 'Import' })).json().id as number;
    const content = 'refund order parcel arrived broken, please help since Tuesday invoice 4411 '.repeat(6);
    const data = Array.from({ length: 10_000 }, (_, n) => JSON.stringify({ name: `Row ${n}`, content })).join('\n');

    let importing = true;
    const imported = importer.post(ROUTES.inputsImport(project), { format: 'jsonl', data }).finally(() => {
      importing = false;
    });
    // Today's answer is one request at a time after the other: the import's parsing and token counting hold the
    // event loop, and its one transaction holds the embedded database. Here the other user is served meanwhile.
    let servedMeanwhile = 0;
    while (importing) {
      expect((await other.get(ROUTES.projects)).statusCode).toBe(200);
      if (importing) servedMeanwhile++;
    }
    const response = await imported;
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ created: 10_000 });
    expect(servedMeanwhile).toBeGreaterThan(5);
    const { rows } = await ctx.database.executeSql<{ n: number; counted: number }>(
      'SELECT count(*)::int AS n, count(*) FILTER (WHERE token_count > 0)::int AS counted FROM inputs WHERE project_id = $1',
      [project],
    );
    expect(rows[0]).toEqual({ n: 10_000, counted: 10_000 });
  });
});
