import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@promptgrid/contract';
import { useFakeProviderApp, userWithConfiguration } from '../../test/fake-provider-app.js';
import { openDatabase } from '../db/client.js';
import { inputs } from '../db/schema.js';
import { DataDirError } from '../db/data-dir.js';
import { backupFromServer, restoreBackup, writeBackupFile } from './backup.js';

const KEY = 'sk-good-openai-backup';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptgrid-backup-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Resolves once `count` tasks have ended. */
const tasksEnded = (events: ReturnType<typeof useFakeProviderApp>['events'], count: number) =>
  new Promise<void>((resolve) => {
    let ended = 0;
    const listener = () => {
      if (++ended === count) {
        events.off('batch:written', listener);
        resolve();
      }
    };
    events.on('batch:written', listener);
  });

describe('a backup of the embedded database', () => {
  const setting = useFakeProviderApp('pglite', {
    apiKey: KEY,
    latencyMs: 200,
    env: { DATA_DIR: dataDir, EVAL_CONCURRENCY: '1' },
  });

  it('taken from the running server during a run, restores into a new data directory with every result finished before it', async () => {
    const { app, database } = setting.ctx;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { client, projectId, configurationId } = await userWithConfiguration(app, { apiKey: KEY });
    // Written in one statement rather than one request each: the test is about the backup.
    const inputIds = (
      await database.db
        .insert(inputs)
        .values(
          Array.from({ length: 20 }, (_, n) => ({ projectId, name: `Q${n}`, content: `Question ${n}`, tokenCount: 3 })),
        )
        .returning({ id: inputs.id })
    ).map((r) => r.id);
    const someWritten = tasksEnded(setting.events, 3);
    const run = await client.post(ROUTES.runEvaluation, { configuration_ids: [configurationId], input_ids: inputIds });
    expect(run.statusCode, run.body).toBe(201);
    await someWritten;

    const finishedBefore = (
      await database.executeSql<{ api_request_id: number; output: string }>(
        'SELECT api_request_id, output FROM results ORDER BY api_request_id',
        [],
      )
    ).rows;
    expect(finishedBefore.length).toBeGreaterThan(0);
    const unfinished = (
      await database.executeSql<{ n: number }>(
        `SELECT count(*)::int AS n FROM api_requests WHERE status <> 'SUCCESS'`,
        [],
      )
    ).rows.at(0)?.n;
    expect(unfinished, 'the run is still going when the backup is taken').toBeGreaterThan(0);
    const copy = await backupFromServer({
      dataDir,
      host: '127.0.0.1',
      port: (app.server.address() as AddressInfo).port,
    });
    const file = path.join(dataDir, 'copy.tar.gz');
    fs.writeFileSync(file, copy);

    const restoredDir = path.join(dataDir, 'restored');
    await restoreBackup(file, restoredDir);
    const restored = await openDatabase({ kind: 'pglite', dataDir: path.join(restoredDir, 'pglite') });
    try {
      const results = (
        await restored.executeSql<{ api_request_id: number; output: string }>(
          'SELECT api_request_id, output FROM results ORDER BY api_request_id',
          [],
        )
      ).rows;
      expect(results).toEqual(expect.arrayContaining(finishedBefore));
    } finally {
      await restored.close();
    }
    await expect(restoreBackup(file, restoredDir)).rejects.toThrow(DataDirError);
    await expect(restoreBackup(file, restoredDir)).rejects.toThrow(/is not empty/);
  }, 120_000);

  it('is refused without the token the server left in its data directory, or from another address', async () => {
    const { app } = setting.ctx;
    expect((await app.inject({ method: 'GET', url: ROUTES.backup })).statusCode).toBe(401);
    const token = fs.readFileSync(path.join(dataDir, 'backup-token'), 'utf8').trim();
    const remote = await app.inject({
      method: 'GET',
      url: ROUTES.backup,
      remoteAddress: '10.0.0.7',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(remote.statusCode).toBe(401);
    const local = await app.inject({
      method: 'GET',
      url: ROUTES.backup,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toBe('application/gzip');
  });
});

describe('a backup file', () => {
  it('is readable by its owner only, also when it replaces a file that others could read', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'promptgrid-backup-file-'));
    try {
      const file = path.join(folder, 'promptgrid.tar.gz');
      fs.writeFileSync(file, 'an older backup');
      fs.chmodSync(file, 0o644);
      writeBackupFile(file, new TextEncoder().encode('the new copy'));
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(file, 'utf8')).toBe('the new copy');
      writeBackupFile(path.join(folder, 'new.tar.gz'), new Uint8Array([1, 2, 3]));
      expect(fs.statSync(path.join(folder, 'new.tar.gz')).mode & 0o777).toBe(0o600);
      expect(fs.readdirSync(folder).sort()).toEqual(['new.tar.gz', 'promptgrid.tar.gz']);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
