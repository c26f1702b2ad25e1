import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ROUTES, SESSION_COOKIE } from '@promptgrid/contract';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from './open.js';
import { projects, users } from './schema.js';
import { createScratchPostgresDatabase, databaseKinds, signedInClient, TestClient } from '../../test/harness.js';
import { itemAt } from '@promptgrid/test-support';

/** Where the data lives: a temp DATA_DIR for PGlite, a fresh database for PostgreSQL. */
async function createStore(kind: (typeof databaseKinds)[number]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptgrid-persist-'));
  if (kind === 'pglite')
    return {
      env: { DATA_DIR: dataDir },
      dataDir,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  const scratch = await createScratchPostgresDatabase('promptgrid_persist');
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url },
    dataDir,
    drop: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await scratch.drop();
    },
  };
}

describe.each(databaseKinds)('data survives a restart on %s', (kind) => {
  let store: Awaited<ReturnType<typeof createStore>>;
  beforeAll(async () => {
    store = await createStore(kind);
  });
  afterAll(() => store?.drop());

  it('finds a project, its user and the session after closing and reopening the database', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...store.env });
    const first = await openConfiguredDatabase(config);
    expect(first.kind).toBe(kind);
    const app = await buildApp({ config, database: first });
    const alice = await signedInClient(app, 'persist@example.com');
    const project = (await alice.post(ROUTES.projects, { name: 'Kept', description: 'Across restarts' })).json();
    await alice.post(ROUTES.inputs(project.id), { name: 'i', content: 'hello' });
    await app.close();
    await first.close();
    if (kind === 'pglite') expect(fs.existsSync(path.join(store.dataDir, 'pglite', 'PG_VERSION'))).toBe(true);

    const reopened = await openConfiguredDatabase(config);
    try {
      const row = itemAt(
        await reopened.db
          .select()
          .from(projects)
          .innerJoin(users, eq(users.id, projects.userId))
          .where(eq(projects.id, project.id)),
        0,
      );
      expect(row.projects).toMatchObject({ name: 'Kept', description: 'Across restarts' });
      expect(row.users.email).toBe('persist@example.com');

      const again = await buildApp({ config, database: reopened });
      try {
        const client = new TestClient(again);
        client.cookies[SESSION_COOKIE] = alice.sessionId!;
        const listed = await client.get(ROUTES.projects);
        expect(listed.statusCode).toBe(200);
        expect(listed.json()).toEqual([{ ...project, input_count: 1, updated_at: expect.any(String) }]);
      } finally {
        await again.close();
      }
    } finally {
      await reopened.close();
    }
  });
});
