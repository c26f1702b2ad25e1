import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@promptgrid/contract';
import { HttpClient, startProcess, type ServerProcess } from './server-process.js';

/** Every entry under `dir` with its permission bits, e.g. ['pglite/PG_VERSION', 0o600]. */
function modes(dir: string): [string, number][] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => [name, fs.statSync(path.join(dir, name)).mode & 0o777]);
}

/** Runs an entry point that is expected to refuse to start: its exit code and what it printed. */
async function refused(entry: 'main' | 'worker', env: Record<string, string>) {
  const server = await startProcess(entry, env).catch((error: Error) => error);
  if (server instanceof Error) return server.message; // main: startProcess reports the exit with the output
  const [code] = await once(server.child, 'exit');
  expect(code).toBe(1);
  return server.output();
}

describe('DATA_DIR of the built server', () => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'promptgrid-datadir-'));
  const dataDir = path.join(parent, 'data');
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', APP_ENCRYPTION_KEY: '' };
  const running: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of running) await server.kill();
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it(
    'is made private (0700, files 0600, existing ones fixed), locked against a second server or worker, and a killed server restarts',
    {
      timeout: 120_000,
    },
    async () => {
      fs.mkdirSync(dataDir, { mode: 0o755 });
      fs.writeFileSync(path.join(dataDir, 'left-by-an-old-version'), 'x', { mode: 0o666 });
      fs.chmodSync(path.join(dataDir, 'left-by-an-old-version'), 0o666);

      const first = await startProcess('main', env);
      running.push(first);
      const client = await new HttpClient(first.url).signIn('files@example.com');
      await client.ok('POST', ROUTES.projects, { name: 'Written', description: 'after start' });
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      const entries = modes(dataDir);
      expect(entries.length).toBeGreaterThan(100); // the embedded database's files, unpacked from the template
      for (const [name, mode] of entries)
        expect([name, mode]).toEqual([name, fs.statSync(path.join(dataDir, name)).isDirectory() ? 0o700 : 0o600]);

      const message =
        `DATA_DIR ${dataDir} is in use by another Promptgrid server or worker (pid ${first.child.pid}): ` +
        'stop it first, or use PostgreSQL (DATABASE_URL) to run several.';
      for (const entry of ['main', 'worker'] as const) {
        const output = await refused(entry, env);
        expect(output).toContain(message);
        expect(output).not.toMatch(/\n\s+at /); // no stack trace
      }

      await first.kill('SIGKILL'); // its lock file stays behind
      expect(fs.existsSync(path.join(dataDir, 'promptgrid.lock'))).toBe(true);
      const second = await startProcess('main', env);
      running.push(second);
      expect(fs.readFileSync(path.join(dataDir, 'promptgrid.lock'), 'utf8').trim()).toBe(String(second.child.pid));
      await second.kill('SIGTERM');
      expect(fs.existsSync(path.join(dataDir, 'promptgrid.lock'))).toBe(false);
    },
  );

  it('says in one line, without a stack trace, that a DATA_DIR it cannot write is not writable', async () => {
    // /sys refuses new directories even to root; elsewhere a read-only parent does.
    const unwritable = fs.mkdtempSync(path.join(parent, 'ro-'));
    fs.chmodSync(unwritable, 0o500);
    const target = process.getuid?.() === 0 ? '/sys/promptgrid-data' : path.join(unwritable, 'data');
    const output = await refused('main', { ...env, DATA_DIR: target });
    expect(output).toMatch(new RegExp(`DATA_DIR ${target} is not writable by this user \\((EACCES|EPERM)\\)`));
    expect(output).not.toMatch(/\n\s+at /);
  });
});
