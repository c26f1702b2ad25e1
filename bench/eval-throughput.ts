/**
 * 1000 calls (50 inputs x 20 configurations) against the fake provider at 200 ms latency, EVAL_CONCURRENCY=50.
 * Prints wall time, the ideal time for that concurrency, their ratio and server CPU ms per call, for the first run
 * after a server start (cold: V8 still compiling the JavaScript of the call path and of the database thread), three
 * times on a server restarted each time, and for the three runs after the last of them (warm); each, and the median of
 * each three, since runs on this shared 2-core machine vary by several percent from one minute to the next; for each,
 * how long the first provider request took to leave and the run to complete after its last reply; and the floor on this
 * machine: the same calls from a bare node:http client in its own process (floor-client.mjs), no SDK, no database, made
 * just before each first run (the first of them also warms the provider up, as a real one is), and each run's wall
 * over it.
 * Then a run under a provider rate limit (429 + retry-after) and its wall time against what the limit allows.
 * Last, a paced run: the fake allows 600 requests per 10 s window and says so in OpenAI's x-ratelimit-* headers, which
 * the server reads to hold its calls before they are refused.
 * Goals: ratio <= 1.05, <= 2 ms CPU per call; rate-limited: nothing FAILED, within 1.15x of the limit; paced: 429s
 * under 5% of the calls, within 1.10x of the limit's own time (the calls over its rate).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { databaseLabel, describeCpu, describeEnds, setUp, timeRun, type TimedRun } from './eval-support.js';
import { median } from './figures.js';

const LATENCY_MS = 200;
const CONCURRENCY = Number(process.env.EVAL_CONCURRENCY ?? 50);
const RATE_LIMIT = Number(process.env.BENCH_RATE_LIMIT ?? 100);
const PACED_LIMIT = { requests: 600, windowSeconds: 10, headers: true };

/** floor-client.mjs's two rounds, in ms. */
type Floor = { coldMs: number; warmMs: number };

const bench = await setUp({ inputs: 50, configurations: 20, latencyMs: LATENCY_MS, concurrency: CONCURRENCY });
try {
  // Asynchronously: the fake provider answering it runs in this process. Measured just before each first run, as the
  // machine's speed drifts from one minute to the next; the first one also warms the fake up, so the server's first run
  // meets a provider that is already running warm, as a real one is.
  const total = bench.inputIds.length * bench.configurationIds.length;
  const measureFloor = async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['floor-client.mjs', bench.fake.openaiBaseUrl, String(total), String(CONCURRENCY)],
      { cwd: import.meta.dirname },
    );
    return JSON.parse(stdout) as Floor;
  };

  const coldRuns: (TimedRun & { floor: Floor })[] = [];
  for (let i = 0; i < 3; i++) {
    if (i > 0) await bench.restart();
    const floor = await measureFloor();
    coldRuns.push({ ...(await timeRun(bench)), floor });
  }
  const warmRuns = [await timeRun(bench), await timeRun(bench), await timeRun(bench)];
  const middleRun = <T extends TimedRun>(runs: T[]): T => {
    const [, middle] = [...runs].sort((a, b) => a.serverWallS - b.serverWallS);
    if (!middle) throw new Error('Three runs were expected.');
    return middle;
  };
  const [cold, warm] = [middleRun(coldRuns), middleRun(warmRuns)];
  const ideal = (Math.ceil(cold.total / CONCURRENCY) * LATENCY_MS) / 1000;
  console.log(
    `eval-throughput: ${cold.total} calls, ${LATENCY_MS} ms latency, concurrency ${CONCURRENCY}, ${databaseLabel()}; ` +
      `ideal ${ideal.toFixed(3)} s`,
  );
  const report = (label: string, run: TimedRun) => {
    console.log(
      `  ${label}: wall ${run.serverWallS.toFixed(3)} s (client saw ${run.wallS.toFixed(3)} s, polling every 250 ms), ` +
        `ratio ${(run.serverWallS / ideal).toFixed(3)}`,
    );
    console.log(
      `    mean call as the server timed it ${run.meanCallMs.toFixed(1)} ms ` +
        `(the fake provider's own time ${run.fakeOverheadMs.toFixed(2)} ms of it)`,
    );
    console.log(`    ${describeEnds(run)}`);
    console.log(`    ${describeCpu(run)}; SUCCESS ${run.counts.SUCCESS}, FAILED ${run.counts.FAILED}`);
  };
  const ratios = (runs: TimedRun[]) =>
    runs
      .map((run) => `${(run.serverWallS / ideal).toFixed(3)} (${run.cpuMsPerCall.toFixed(2)} ms CPU per call)`)
      .join(', ');
  console.log(`  first runs after a start: ratio ${ratios(coldRuns)}; the median one:`);
  report('cold (median of 3)', cold);
  console.log(`  warm runs: ratio ${ratios(warmRuns)}; the median one:`);
  report('warm (median of 3)', warm);
  const floorRatio = (ms: number) => (ms / 1000 / ideal).toFixed(3);
  const floors = coldRuns.map((run) => run.floor);
  console.log(
    '  the floor here, a bare node:http client in its own process (no SDK, no database), just before each first run: ' +
      `ratio ${floors.map((f) => floorRatio(f.coldMs)).join(', ')} in a new process, ` +
      `${floors.map((f) => floorRatio(f.warmMs)).join(', ')} on its second round`,
  );
  // The server's own cost with the machine's speed of that minute divided out: information beside the goal, not the goal.
  const overFloor = coldRuns.map((run) => (run.serverWallS * 1000) / run.floor.coldMs).sort((a, b) => a - b);
  const secondRounds = floors.map((f) => f.warmMs).sort((a, b) => a - b);
  console.log(
    `  over that floor: first runs ${overFloor.map((x) => x.toFixed(3)).join(', ')} (median ${median(overFloor).toFixed(3)}) ` +
      `against the client's first round; warm median ${((warm.serverWallS * 1000) / median(secondRounds)).toFixed(3)} ` +
      'against its median second round',
  );

  bench.fake.behaviour.rateLimit = { requests: RATE_LIMIT, windowSeconds: 1, headers: false };
  bench.fake.stats.byStatus = {};
  const limited = await timeRun(bench);
  const allowed = limited.total / RATE_LIMIT;
  console.log(`eval-throughput under a rate limit of ${RATE_LIMIT} calls/s (429 + retry-after):`);
  console.log(
    `  wall ${limited.serverWallS.toFixed(3)} s (client saw ${limited.wallS.toFixed(3)} s), the limit allows ${allowed.toFixed(3)} s, ` +
      `ratio ${(limited.serverWallS / allowed).toFixed(3)}; 429s answered ${bench.fake.stats.byStatus[429] ?? 0}`,
  );
  console.log(`  ${describeCpu(limited)}; SUCCESS ${limited.counts.SUCCESS}, FAILED ${limited.counts.FAILED}`);

  // A fresh window, so the paced run does not start inside the last run's one-second window.
  bench.fake.reset();
  bench.fake.behaviour.rateLimit = PACED_LIMIT;
  const paced = await timeRun(bench);
  const limitTime = paced.total / (PACED_LIMIT.requests / PACED_LIMIT.windowSeconds);
  const refused = bench.fake.stats.byStatus[429] ?? 0;
  console.log(
    `eval-throughput paced by OpenAI's rate-limit headers, ${PACED_LIMIT.requests} requests per ` +
      `${PACED_LIMIT.windowSeconds} s window:`,
  );
  console.log(
    `  wall ${paced.serverWallS.toFixed(3)} s (client saw ${paced.wallS.toFixed(3)} s), the limit's own time ` +
      `${limitTime.toFixed(3)} s, ratio ${(paced.serverWallS / limitTime).toFixed(3)}; 429s answered ${refused} ` +
      `(${((refused / paced.total) * 100).toFixed(1)}% of the calls)`,
  );
  console.log(`  ${describeCpu(paced)}; SUCCESS ${paced.counts.SUCCESS}, FAILED ${paced.counts.FAILED}`);
} finally {
  await bench.close();
}
