import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthProbe, hostileImports, sendImport } from './hostile-inputs.js';
import { HttpClient, startProcess, type ServerProcess } from './server-process.js';

/** The slowest /healthz answer allowed while an upload is read: the event loop never waits on its reading. */
const SLOWEST_HEALTHZ_MS = 150;

describe('hostile project imports sent to the server as `npm start` runs it', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptgrid-uploads-'));
  let server: ServerProcess;
  let client: HttpClient;

  beforeAll(async () => {
    server = await startProcess('main', {
      DATA_DIR: dataDir,
      DEV_LOGIN: 'true',
      HOST: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    client = await new HttpClient(server.url).signIn('uploader@example.com');
    // The pool's thread starts with the first import: that is not what is measured.
    expect((await sendImport(client, hostileImports[0]!.body())).status).toBe(200);
  }, 90_000);
  afterAll(async () => {
    await server?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  for (const upload of hostileImports)
    it(`answers ${upload.status} to ${upload.name}, /healthz answering within ${SLOWEST_HEALTHZ_MS} ms`, async () => {
      const body = upload.body();
      const probe = healthProbe(server.url);
      const answer = await sendImport(client, body);
      const slowest = await probe.stop();
      expect(answer.status, JSON.stringify(answer.body)).toBe(upload.status);
      expect(slowest).toBeLessThan(SLOWEST_HEALTHZ_MS);
    });
});
