/**
 * Live streaming, end to end. 200 streaming calls (20 inputs x 10 configurations, EVAL_CONCURRENCY=200 so they all
 * stream at once) whose fake provider sends its first piece 100 ms after each request arrives and its last at 600 ms,
 * each piece stamped with when it left the fake; one SSE client follows the run
 * (GET /api/evaluations/{id}/events/) and notes when each piece reaches it. Prints the median and 95th percentile
 * of that delay (goal: median under 50 ms). Then the eval-throughput run (1000 calls, 200 ms, concurrency 50; every
 * call streams) on the same server, no one watching, and its ratio to the ideal time (goal unchanged: <= 1.05).
 * STREAM_CALLS_INPUTS / STREAM_CALLS_CONFIGURATIONS shrink the first part (a smoke run); BENCH_DATABASE_URL: PostgreSQL,
 * where the calls of the first part are made by a worker process of their own (`npm run worker`) and the server runs
 * none: their events reach the server by LISTEN/NOTIFY.
 */
import { ROUTES, type RunEvaluationResponse } from '@promptgrid/contract';
import { seedProject, startProcess, type ServerProcess } from '../server/test/server-process.js';
import { databaseLabel, describeCpu, setUp, timeRun } from './eval-support.js';
import { percentile } from './figures.js';

const INPUTS = Number(process.env.STREAM_CALLS_INPUTS ?? 20);
const CONFIGURATIONS = Number(process.env.STREAM_CALLS_CONFIGURATIONS ?? 10);
const THROUGHPUT = { inputs: 50, configurations: 20, latencyMs: 200, concurrency: 50 };
const STAMP = /⟦(\d+(?:\.\d+)?)⟧/g;

const now = () => performance.timeOrigin + performance.now();

/**
 * Follows a run's events until `done`; answers each stamped piece's delay from the fake to here, in ms. Pieces sent
 * before the stream opened come in one catch-up event when it opens: they are counted apart (`before`), not timed.
 */
async function followRun(url: string, cookie: string) {
  const response = await fetch(url, { headers: { cookie, accept: 'text/event-stream' } });
  if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
  const opened = now();
  const delays: number[] = [];
  let before = 0;
  let finished = 0;
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    const arrived = now();
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = frame.split('\n').find((line) => line.startsWith('data: '));
      if (!data) continue;
      const event = JSON.parse(data.slice(6)) as { type: string; text?: string };
      if (event.type === 'finished') finished++;
      if (event.type !== 'text') continue;
      for (const [, sent] of event.text!.matchAll(STAMP))
        if (Number(sent) < opened) before++;
        else delays.push(arrived - Number(sent));
    }
  }
  return { delays, before, finished };
}

const bench = await setUp({ ...THROUGHPUT, concurrency: Math.max(THROUGHPUT.concurrency, INPUTS * CONFIGURATIONS) });
let worker: ServerProcess | null = null;
try {
  if (process.env.BENCH_DATABASE_URL) {
    await bench.server.kill('SIGTERM');
    bench.server = await startProcess('main', bench.env, ['--no-workers']);
    worker = await startProcess('worker', { ...bench.env, PORT: '', LOG_LEVEL: 'info' });
    await worker.printed('queue worker started');
  }
  const streaming = await seedProject(bench.client, {
    inputs: INPUTS,
    configurations: CONFIGURATIONS,
    models: ['gpt-4o-mini'],
    promptPrefix: '[[fake:stream=100-600]] ',
  });
  bench.fake.behaviour.stampPieces = true;
  const followed = async () => {
    const run = await bench.client.ok<RunEvaluationResponse>('POST', ROUTES.runEvaluation, {
      configuration_ids: streaming.configurationIds,
      input_ids: streaming.inputIds,
      use_mock: false,
    });
    const url = `${bench.server.url}${ROUTES.evaluationEvents(run.evaluation_id)}`;
    return { run, ...(await followRun(url, bench.client.cookieHeader())) };
  };
  // The first run after a start compiles the events route and the streaming path: followed, not measured.
  await followed();
  const { run, delays, before, finished } = await followed();
  bench.fake.behaviour.stampPieces = false;
  await worker?.kill('SIGTERM');
  const sorted = delays.sort((a, b) => a - b);
  console.log(
    `stream-latency: ${run.total_requests} streaming calls (first piece at 100 ms, last at 600 ms), ${databaseLabel()}` +
      (worker ? ', calls made by a worker process' : ''),
  );
  console.log(
    `  ${sorted.length} pieces reached the SSE client (${before} more were sent before it connected), ${finished} ` +
      'requests finished; delay from the fake to the client: ' +
      `median ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms, ` +
      `max ${percentile(sorted, 1).toFixed(1)} ms (goal: median < 50 ms)`,
  );

  // The throughput run with every call streamed; the server was started with enough concurrency for the part above,
  // so it runs on a server started with the throughput bench's own settings.
  await bench.close();
  const throughput = await setUp(THROUGHPUT);
  try {
    await timeRun(throughput); // the first run after a start compiles the call path: eval-throughput reports it apart
    const warm = await timeRun(throughput);
    const ideal =
      (Math.ceil((THROUGHPUT.inputs * THROUGHPUT.configurations) / THROUGHPUT.concurrency) * THROUGHPUT.latencyMs) /
      1000;
    console.log(
      `  eval-throughput with streaming: ${warm.total} calls, wall ${warm.serverWallS.toFixed(3)} s, ideal ` +
        `${ideal.toFixed(3)} s, ratio ${(warm.serverWallS / ideal).toFixed(3)} (goal <= 1.05); ${describeCpu(warm)}; ` +
        `SUCCESS ${warm.counts.SUCCESS}, FAILED ${warm.counts.FAILED}`,
    );
  } finally {
    await throughput.close();
  }
} catch (error) {
  await worker?.kill().catch(() => {});
  await bench.close().catch(() => {});
  throw error;
}
