import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serverEntryArgs } from '../../scripts/server-build.mjs';
import { APP_ROOT_ENV, ARTIFACTS_DIR, DATABASE_TEMPLATE_ENV } from './paths';

export type ServerOptions = {
  /** Names the log file e2e/artifacts/server-<name>.log. */
  name: string;
  /** Extra environment (e.g. OPENAI_BASE_URL, STRIPE_*, FREE_EVALUATIONS_PER_MONTH). */
  env?: Record<string, string>;
};

export type RunningServer = {
  baseUrl: string;
  dataDir: string;
  /** Everything the server printed so far. */
  log: () => string;
  stop: () => Promise<void>;
};

// Settings from the developer's shell that would change what the suite sees.
const SCRUBBED = [
  'DATABASE_URL',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_JWKS_URL',
  'OPENAI_BASE_URL',
  'ANTHROPIC_BASE_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_PRICE_ID',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_BASE',
  'FREE_EVALUATIONS_PER_MONTH',
  'PUBLIC_URL',
  'APP_ENCRYPTION_KEY',
  'APP_ENCRYPTION_KEY_PREVIOUS',
  'MODELS_FILE',
  'ANALYTICS_KEY',
  'PORT',
  'HOST',
  'DATA_DIR',
];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real server (its build, as `npm start` runs it) on a free port with an embedded database in a temp folder,
 * a copy of the run's migrated one (see global-setup.ts).
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `promptgrid-e2e-${options.name}-`));
  const template = process.env[DATABASE_TEMPLATE_ENV];
  if (!template) throw new Error(`${DATABASE_TEMPLATE_ENV} is unset: run the journeys through playwright.config.ts`);
  fs.cpSync(template, path.join(dataDir, 'pglite'), { recursive: true });
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of SCRUBBED) delete env[key];
  Object.assign(env, {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DEV_LOGIN: 'true',
    RATE_LIMIT_PER_MINUTE: '100000',
    LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
    // Retries of a failing provider call would only slow the journeys down.
    EVAL_MAX_RETRIES: '0',
    PROVIDER_TIMEOUT_MS: '10000',
    ...options.env,
  });

  // The run's snapshot of the app (see global-setup.ts), or the working tree with E2E_LIVE_TREE=1.
  const appRoot = process.env[APP_ROOT_ENV];
  if (!appRoot) throw new Error(`${APP_ROOT_ENV} is unset: run the journeys through playwright.config.ts`);
  const child: ChildProcess = spawn(process.execPath, serverEntryArgs(appRoot, 'main'), {
    cwd: appRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = code ?? (signal ? -1 : 0);
      resolve();
    }),
  );

  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(ARTIFACTS_DIR, `server-${options.name}.log`);
  const stop = async () => {
    if (exited === undefined) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(killer);
    }
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    fs.writeFileSync(logFile, output);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited !== undefined) {
      await stop();
      throw new Error(`the server exited (${exited}) before it was healthy:\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server was not healthy within 90 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return { baseUrl, dataDir, log: () => output, stop };
}
