import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@promptgrid/contract';
import { ensureServerBuilt, serverEntryArgs } from '../../scripts/server-build.mjs';
import { freePort } from './server-process.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

describe('the server as `npm start` runs it', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptgrid-start-'));
  let child: ChildProcess | undefined;
  let output = '';
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'serves /healthz on a fresh DATA_DIR (a hang, not a slow start, fails: the suite shares 2 cores), ' +
      'the page, the API reference, and exits on SIGTERM',
    { timeout: 60_000 },
    async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
      };
      for (const name of [
        'DATABASE_URL',
        'GOOGLE_CLIENT_ID',
        'PUBLIC_URL',
        'STRIPE_SECRET_KEY',
        'VITEST',
        'VITEST_WORKER_ID',
        'TEST_DATABASE_URL',
      ])
        delete env[name];
      const started = Date.now();
      ensureServerBuilt(root);
      child = spawn(process.execPath, serverEntryArgs(root, 'main'), {
        cwd: root,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (chunk) => (output += chunk));
      child.stderr!.on('data', (chunk) => (output += chunk));

      let healthy = false;
      while (!healthy && Date.now() - started < 45_000 && child.exitCode === null) {
        healthy = await fetch(`${base}${ROUTES.healthz}`).then(
          (r) => r.status === 200,
          () => false,
        );
        if (!healthy) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(healthy, `no healthy server after ${Date.now() - started} ms; output:\n${output}`).toBe(true);
      console.info(`start: /healthz answered ${Date.now() - started} ms after spawn`);

      const page = await fetch(`${base}/projects`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      expect(await page.text()).toMatch(/<!doctype html>/i);
      const deepLink = await fetch(`${base}/project/12/results`);
      expect(deepLink.status).toBe(200);
      expect(deepLink.headers.get('content-type')).toMatch(/text\/html/);

      const openapi = await fetch(`${base}/api/openapi.json`);
      expect(openapi.status).toBe(200);
      const document = (await openapi.json()) as { openapi: string; paths: Record<string, unknown> };
      expect(document.openapi).toMatch(/^3\./);
      expect(Object.keys(document.paths)).toEqual(
        expect.arrayContaining([ROUTES.projects, '/api/projects/{id}/', ROUTES.models, ROUTES.auth.receiver]),
      );
      const docs = await fetch(`${base}/api/docs`);
      expect(docs.status).toBe(200);
      expect(docs.headers.get('content-type')).toMatch(/text\/html/);

      expect((await fetch(`${base}${ROUTES.projects}`)).status).toBe(401);
      expect((await fetch(`${base}/api/nothing/`)).headers.get('content-type')).toMatch(/application\/json/);

      child.kill('SIGTERM');
      const exit = await Promise.race([
        exited(child),
        new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 10_000)),
      ]);
      expect(exit, output).toEqual({ code: 0, signal: null });
      expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    },
  );
});
