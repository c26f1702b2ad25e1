/**
 * One run on PostgreSQL shared by a server and 0, 1 and 3 `worker` processes, against a fake provider whose long
 * streamed replies (one filler word per chunk) cost each calling process CPU to parse and store, so that one process is
 * the bottleneck. Prints calls/s per setup, the share of the calls each process made (`claimed_by` of api_requests),
 * and the calls made or written more than once (must be 0). Each setup gets its own scratch database on
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL, or the local test server).
 */
import os from 'node:os';
import pg from 'pg';
import { ROUTES, type RunEvaluationResponse } from '@promptgrid/contract';
import { startFakeProviders } from '@promptgrid/test-support/fake-providers';
import { createScratchPostgresDatabase } from '../server/test/database-templates.js';
import { HttpClient, seedProject, startProcess, type ServerProcess } from '../server/test/server-process.js';

/** The one row an aggregate query answers. */
function firstRow<Row>(rows: Row[]): Row {
  const [row] = rows;
  if (row === undefined) throw new Error('The query answered no row.');
  return row;
}

const INPUTS = Number(process.env.BENCH_INPUTS ?? 20);
const CONFIGURATIONS = Number(process.env.BENCH_CONFIGURATIONS ?? 50);
const FILLER_WORDS = Number(process.env.BENCH_FILLER_WORDS ?? 100);
const CONCURRENCY = Number(process.env.EVAL_CONCURRENCY ?? 10);
const WORKER_COUNTS = [0, 1, 3];

// The scratch databases are made on this server (createScratchPostgresDatabase reads TEST_DATABASE_URL).
process.env.TEST_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type Counts = { PENDING: number; IN_PROGRESS: number; SUCCESS: number; FAILED: number; total: number };

async function measure(workerCount: number) {
  const fake = await startFakeProviders({ latencyMs: 5, record: false, fillerWords: FILLER_WORDS });
  const scratch = await createScratchPostgresDatabase('promptgrid_bench');
  const sql = new pg.Client({ connectionString: scratch.url });
  const processes: { label: string; process: ServerProcess }[] = [];
  try {
    const env: Record<string, string> = {
      DATABASE_URL: scratch.url,
      DEV_LOGIN: 'true',
      OPENAI_BASE_URL: fake.openaiBaseUrl,
      EVAL_CONCURRENCY: String(CONCURRENCY),
      RATE_LIMIT_PER_MINUTE: '1000000',
      FREE_EVALUATIONS_PER_MONTH: '1000',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
    };
    const server = await startProcess('main', env);
    processes.push({ label: 'server', process: server });
    for (let n = 1; n <= workerCount; n++)
      processes.push({ label: `worker ${n}`, process: await startProcess('worker', env) });
    await Promise.all(processes.map(({ process }) => process.printed('queue worker started')));
    await sql.connect();

    const client = await new HttpClient(server.url).signIn(`scale-out-${Date.now()}@example.com`);
    const { inputIds, configurationIds } = await seedProject(client, {
      inputs: INPUTS,
      configurations: CONFIGURATIONS,
      models: ['gpt-4o-mini'],
    });
    await client.ok('POST', ROUTES.apiKeys, { provider: 'openai', key: 'sk-bench-key' });
    const run = await client.ok<RunEvaluationResponse>('POST', ROUTES.runEvaluation, {
      configuration_ids: configurationIds,
      input_ids: inputIds,
      use_mock: false,
    });
    let counts: Counts;
    for (;;) {
      counts = await client.ok<Counts>('GET', ROUTES.apiRequestStatusCounts(run.evaluation_id));
      if (counts.PENDING === 0 && counts.IN_PROGRESS === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250)); // the work is done in other processes: poll it
    }
    // The server's own stamps, not the polling: from the run's creation to its completion.
    const { rows: timing } = await sql.query<{ seconds: number }>(
      'SELECT extract(epoch FROM completed_at - created_at)::float AS seconds FROM evaluations WHERE id = $1',
      [run.evaluation_id],
    );
    const { rows: shares } = await sql.query<{ claimed_by: string | null; n: number }>(
      'SELECT claimed_by, count(*)::int AS n FROM api_requests WHERE evaluation_id = $1 GROUP BY claimed_by',
      [run.evaluation_id],
    );
    const { rows: written } = await sql.query<{ n: number; distinct_requests: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT api_request_id)::int AS distinct_requests FROM results WHERE evaluation_id = $1',
      [run.evaluation_id],
    );
    // claimed_by is host:pid:random; the pid tells which of the processes made the call.
    const labelOf = (claimedBy: string | null) =>
      processes.find(({ process }) => claimedBy?.split(':')[1] === String(process.child.pid))?.label ??
      String(claimedBy);
    const total = run.total_requests;
    return {
      workerCount,
      total,
      counts,
      seconds: firstRow(timing).seconds,
      shares: shares.map((s) => ({ label: labelOf(s.claimed_by), share: s.n / total })),
      callsMadeTwice: fake.stats.calls - total,
      resultsWrittenTwice: firstRow(written).n - firstRow(written).distinct_requests,
    };
  } finally {
    for (const { process } of processes) await process.kill('SIGTERM');
    await sql.end().catch(() => undefined);
    await scratch.drop();
    await fake.close();
  }
}

console.log(
  `eval-scale-out: ${INPUTS * CONFIGURATIONS} calls per run, 5 ms latency + ${FILLER_WORDS} streamed words per reply, ` +
    `concurrency ${CONCURRENCY} per process, PostgreSQL, ${os.availableParallelism()} CPUs`,
);
for (const workerCount of WORKER_COUNTS) {
  const result = await measure(workerCount);
  console.log(
    `  server + ${result.workerCount} worker(s): ${(result.total / result.seconds).toFixed(0)} calls/s ` +
      `(${result.seconds.toFixed(2)} s; SUCCESS ${result.counts.SUCCESS}, FAILED ${result.counts.FAILED})`,
  );
  console.log(
    `    shares: ${result.shares
      .sort((a, b) => a.label.localeCompare(b.label))
      .map((s) => `${s.label} ${(s.share * 100).toFixed(0)}%`)
      .join(', ')}`,
  );
  console.log(
    `    made twice: ${result.callsMadeTwice} provider calls, ${result.resultsWrittenTwice} results (both must be 0)`,
  );
  if (result.callsMadeTwice !== 0 || result.resultsWrittenTwice !== 0) process.exitCode = 1;
}
