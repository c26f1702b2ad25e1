import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROUTES, type EvaluationResults, type Metrics, type RunEvaluationResponse } from '@promptgrid/contract';
import { startFakeProviders, type FakeProviders } from '@promptgrid/test-support/fake-providers';
import {
  freePort,
  HttpClient,
  peakRssMb,
  seedProject,
  startProcess,
  type ServerProcess,
} from '../server/test/server-process.js';

const TICKS_PER_SECOND = 100; // Linux USER_HZ

/** The process's user+system CPU in ms (all its threads, ended ones included), from /proc. */
function cpuMs(pid: number, file = `/proc/${pid}/stat`): number {
  // The fields after the command name, which ends at the last ') ' (the name itself may hold one).
  const stat = fs.readFileSync(file, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** The CPU ms of the process's main thread alone, from /proc. */
function mainThreadCpuMs(pid: number): number {
  return cpuMs(pid, `/proc/${pid}/task/${pid}/stat`);
}

export type Bench = {
  fake: FakeProviders;
  server: ServerProcess;
  client: HttpClient;
  configurationIds: number[];
  inputIds: number[];
  /** The server's environment, for processes that join it (e.g. a worker). */
  env: Record<string, string>;
  /** A new server process on the same database and port (the client's session carries over). */
  restart(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A fresh server process on a new embedded database (or DATABASE_URL from BENCH_DATABASE_URL), restarted once after
 * seeding so its peak memory excludes creating the database; a signed-in client with a project of inputs x configurations.
 */
export async function setUp(options: {
  inputs: number;
  configurations: number;
  latencyMs: number;
  concurrency: number;
}): Promise<Bench> {
  const fake = await startFakeProviders({ latencyMs: options.latencyMs, record: false });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptgrid-bench-'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DEV_LOGIN: 'true',
    OPENAI_BASE_URL: fake.openaiBaseUrl,
    ANTHROPIC_BASE_URL: fake.anthropicBaseUrl,
    EVAL_CONCURRENCY: String(options.concurrency),
    RATE_LIMIT_PER_MINUTE: '1000000',
    FREE_EVALUATIONS_PER_MONTH: '1000',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  env.PORT = String(await freePort());
  const server = await startProcess('main', env);
  const client = await new HttpClient(server.url).signIn(`bench-${Date.now()}@example.com`);
  const { inputIds, configurationIds } = await seedProject(client, {
    inputs: options.inputs,
    configurations: options.configurations,
    models: ['gpt-4o-mini'],
  });
  await client.ok('POST', ROUTES.apiKeys, { provider: 'openai', key: 'sk-bench-key' });
  const bench: Bench = {
    fake,
    server,
    client,
    configurationIds,
    inputIds,
    env,
    async restart() {
      await bench.server.kill('SIGTERM');
      bench.server = await startProcess('main', env);
    },
    async close() {
      await bench.server.kill('SIGTERM');
      await fake.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  await bench.restart();
  return bench;
}

type Counts = { PENDING: number; IN_PROGRESS: number; SUCCESS: number; FAILED: number; total: number };

export type TimedRun = Awaited<ReturnType<typeof timeRun>>;

/**
 * Starts a real run and waits (polling every 250 ms, so the polling costs the server little CPU) until every request is
 * terminal. Wall time is taken from the server's own stamps (created_at -> completed_at); the client-observed time is
 * kept too. CPU is split into the server's main thread and its other threads (the embedded database's thread, V8's
 * compiler and GC helpers); the fake provider's own time per reply beyond its latency is reported apart from the server's.
 */
export async function timeRun(bench: Bench) {
  const pid = bench.server.child.pid!;
  const cpuBefore = cpuMs(pid);
  const mainBefore = mainThreadCpuMs(pid);
  bench.fake.stats.answered = 0;
  bench.fake.stats.overheadMs = 0;
  bench.fake.stats.firstArrivalAt = null;
  bench.fake.stats.lastReplyAt = null;
  const started = performance.now();
  const run = await bench.client.ok<RunEvaluationResponse>('POST', ROUTES.runEvaluation, {
    configuration_ids: bench.configurationIds,
    input_ids: bench.inputIds,
    use_mock: false,
  });
  let counts: Counts;
  for (;;) {
    counts = await bench.client.ok<Counts>('GET', ROUTES.apiRequestStatusCounts(run.evaluation_id));
    if (counts.PENDING === 0 && counts.IN_PROGRESS === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const wallS = (performance.now() - started) / 1000;
  const total: number = run.total_requests;
  const cpuMsPerCall = (cpuMs(pid) - cpuBefore) / total;
  const mainThreadCpuMsPerCall = (mainThreadCpuMs(pid) - mainBefore) / total;
  const peakRssRunMb = peakRssMb(pid); // before the whole results document is read
  const document = await bench.client.ok<EvaluationResults>('GET', ROUTES.evaluationResults(run.evaluation_id));
  const metrics = await bench.client.ok<Metrics>('GET', ROUTES.apiRequestMetrics(run.evaluation_id));
  const createdAt = Date.parse(document.evaluation.created_at);
  // Every request has ended, so the run has its completion time.
  const completedAt = Date.parse(document.evaluation.completed_at!);
  const { firstArrivalAt, lastReplyAt } = bench.fake.stats;
  return {
    total,
    counts,
    wallS,
    serverWallS: (completedAt - createdAt) / 1000,
    /** From the run's creation to the provider's first request, and from its last reply to the run's completion. */
    startMs: firstArrivalAt === null ? null : firstArrivalAt - createdAt,
    endMs: lastReplyAt === null ? null : completedAt - lastReplyAt,
    cpuMsPerCall,
    mainThreadCpuMsPerCall,
    otherThreadsCpuMsPerCall: cpuMsPerCall - mainThreadCpuMsPerCall,
    /** The mean duration of a successful call as the server timed it (execution_time). */
    meanCallMs: metrics.average_execution_time * 1000,
    fakeOverheadMs: bench.fake.stats.answered > 0 ? bench.fake.stats.overheadMs / bench.fake.stats.answered : 0,
    peakRssRunMb,
    peakRssMb: peakRssMb(pid),
  };
}

export const describeCpu = (run: TimedRun) =>
  `server CPU ${run.cpuMsPerCall.toFixed(2)} ms per call ` +
  `(main thread ${run.mainThreadCpuMsPerCall.toFixed(2)}, other threads ${run.otherThreadsCpuMsPerCall.toFixed(2)})`;

export const databaseLabel = () => (process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite');

const ms = (value: number | null) => (value === null ? '?' : `${Math.round(value)} ms`);
export const describeEnds = (run: TimedRun) =>
  `first provider request ${ms(run.startMs)} after the run was created; run complete ${ms(run.endMs)} after the last reply`;
