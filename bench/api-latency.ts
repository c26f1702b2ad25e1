// GET /api/projects/ under concurrent load, next to a bare Fastify route serving the same JSON,
// plus the server's resident memory on the embedded default (goal: <= 350 MB when idle after start).
//
//   npm run api-latency -w bench          (BENCH_CONNECTIONS=50 BENCH_DURATION=10 BENCH_PROJECTS=20)
//   BENCH_DATABASE_URL=postgres://…       the same against PostgreSQL instead of the embedded database
//   BENCH_NO_WORKERS=1                    the server without its in-process evaluation workers
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '../server/test/server-process.js';
import { ensureServerBuilt, serverEntryArgs } from '../scripts/server-build.mjs';
import { loadAverage } from './figures.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const projectCount = Number(process.env.BENCH_PROJECTS ?? 20);
const RSS_GOAL_MB = 350;

function rssMb(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  if (!line) throw new Error(`no VmRSS for ${pid}`);
  return Math.round(Number(line[1]) / 1024);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(url: string, child: ChildProcess, timeoutMs: number) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode} before ${url} answered`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return Date.now() - started;
    await sleep(50);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))]);
}

function spawnNode(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  child.on('exit', (code) => {
    if (code && code !== 0) console.error(`child ${args.join(' ')} exited ${code}\n${stderr}`);
  });
  return child;
}

async function load(url: string, headers: Record<string, string>) {
  await autocannon({ url, connections, duration: 2, headers }); // warm-up: JIT, pools, caches
  const result = await autocannon({ url, connections, duration, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Signs in through the dev sign-in and returns the cookie header of the session. */
async function signIn(base: string) {
  const csrfResponse = await fetch(`${base}/auth/csrf-token/`);
  const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
  const signInResponse = await fetch(`${base}/auth/dev-sign-in/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrfToken}`, 'x-csrftoken': csrfToken },
    body: JSON.stringify({ email: `bench-${Date.now()}@example.com` }),
  });
  if (!signInResponse.ok)
    throw new Error(`dev sign-in failed: ${signInResponse.status} ${await signInResponse.text()}`);
  // Sign-in sets a new CSRF token, bound to the new session: the one fetched above no longer passes.
  const cookies = signInResponse.headers.getSetCookie().map((c) => c.split(';')[0] ?? c);
  const session = cookies.find((c) => c.startsWith('sessionid='))!;
  const signedInToken = cookies.find((c) => c.startsWith('csrftoken='))!.slice('csrftoken='.length);
  return { cookie: `csrftoken=${signedInToken}; ${session}`, csrfToken: signedInToken };
}

const BARE_SERVER = `
import fs from 'node:fs';
import Fastify from 'fastify';
const body = JSON.parse(fs.readFileSync(process.env.BODY_FILE, 'utf8'));
const app = Fastify({ logger: false });
app.get('/api/projects/', async () => body);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
`;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptgrid-bench-'));
  const children: ChildProcess[] = [];
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RATE_LIMIT_PER_MINUTE: '100000000',
      LOG_LEVEL: 'warn',
    };
    for (const name of ['DATABASE_URL', 'GOOGLE_CLIENT_ID', 'NODE_ENV', 'DEV_LOGIN']) delete env[name];
    if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
    const engine = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';

    console.log(
      `Promptgrid API latency on ${engine}: GET /api/projects/ with ${projectCount} projects, ${connections} connections, ` +
        `${duration} s (after a 2 s warm-up)`,
    );
    console.log(
      `machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}, ` +
        `load average ${loadAverage().toFixed(1)}; the load generator runs on the same machine\n`,
    );

    ensureServerBuilt(root);
    const server = spawnNode(
      [...serverEntryArgs(root, 'main'), ...(process.env.BENCH_NO_WORKERS ? ['--no-workers'] : [])],
      env,
    );
    children.push(server);
    const startMs = await waitFor(`${base}/healthz`, server, 60_000);
    await sleep(3000);
    const idleRss = rssMb(server.pid!);

    const { cookie, csrfToken } = await signIn(base);
    for (let i = 0; i < projectCount; i++) {
      const response = await fetch(`${base}/api/projects/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-csrftoken': csrfToken },
        body: JSON.stringify({
          name: `Project ${i + 1}`,
          description: `Benchmark project number ${i + 1} with a description of ordinary length.`,
        }),
      });
      if (response.status !== 201) throw new Error(`create project: ${response.status} ${await response.text()}`);
    }
    const listResponse = await fetch(`${base}/api/projects/`, { headers: { cookie } });
    const body = await listResponse.text();
    if ((JSON.parse(body) as unknown[]).length !== projectCount) throw new Error('unexpected project list');
    await sleep(1000);
    const beforeLoadRss = rssMb(server.pid!);

    const app = await load(`${base}/api/projects/`, { cookie });
    const afterLoadRss = rssMb(server.pid!);
    await stop(server);

    const bodyFile = path.join(dataDir, 'projects.json');
    fs.writeFileSync(bodyFile, body);
    const barePort = await freePort();
    const bare = spawnNode(['--input-type=module', '-e', BARE_SERVER], {
      ...process.env,
      PORT: String(barePort),
      BODY_FILE: bodyFile,
    });
    children.push(bare);
    await waitFor(`http://127.0.0.1:${barePort}/api/projects/`, bare, 30_000);
    const baseline = await load(`http://127.0.0.1:${barePort}/api/projects/`, {});
    await stop(bare);

    const row = (name: string, r: typeof app) =>
      name.padEnd(34) +
      r.rps.toFixed(0).padStart(9) +
      `${r.p50} ms`.padStart(10) +
      `${r.p99} ms`.padStart(10) +
      String(r.non2xx + r.errors).padStart(9);
    console.log(
      `${''.padEnd(34)}${'req/s'.padStart(9)}${'p50'.padStart(10)}${'p99'.padStart(10)}${'failed'.padStart(9)}`,
    );
    console.log(row('Promptgrid (session, DB, zod)', app));
    console.log(row('bare Fastify, same JSON', baseline));
    console.log(
      `\nratio Promptgrid / bare: ${(app.rps / baseline.rps).toFixed(2)}x the requests/s, ` +
        `${(app.p99 / Math.max(baseline.p99, 1)).toFixed(1)}x the p99`,
    );
    console.log(`response size: ${Buffer.byteLength(body)} bytes\n`);
    console.log(`load average at the end: ${loadAverage().toFixed(1)}`);
    console.log(`server start on a new DATA_DIR: /healthz after ${startMs} ms`);
    console.log(
      `server resident memory (VmRSS): idle after start ${idleRss} MB ` +
        `(goal <= ${RSS_GOAL_MB} MB: ${idleRss <= RSS_GOAL_MB ? 'met' : 'NOT met'}), ` +
        `before load ${beforeLoadRss} MB, after load ${afterLoadRss} MB`,
    );
    if (app.non2xx + app.errors > 0) process.exitCode = 1;
  } finally {
    for (const child of children) await stop(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
