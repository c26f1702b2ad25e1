/**
 * 10,000 calls (100 inputs x 100 configurations) against the fake provider at 5 ms latency, on a server started for it.
 * Prints calls/s (results written to the database) and the server's peak memory. Goals: >= 600 calls/s, peak RSS <= 500 MB.
 */
import { databaseLabel, describeCpu, setUp, timeRun } from './eval-support.js';

const CONCURRENCY = Number(process.env.EVAL_CONCURRENCY ?? 50);
const bench = await setUp({ inputs: 100, configurations: 100, latencyMs: 5, concurrency: CONCURRENCY });
try {
  const result = await timeRun(bench);
  console.log(`eval-scale: ${result.total} calls, 5 ms latency, concurrency ${CONCURRENCY}, ${databaseLabel()}`);
  console.log(
    `  wall ${result.wallS.toFixed(2)} s -> ${(result.total / result.wallS).toFixed(0)} calls/s ` +
      `(server-side ${(result.total / result.serverWallS).toFixed(0)} calls/s)`,
  );
  console.log(`  ${describeCpu(result)}`);
  console.log(
    `  peak server RSS ${result.peakRssMb.toFixed(0)} MB (${result.peakRssRunMb.toFixed(0)} MB before reading the results document); ` +
      `SUCCESS ${result.counts.SUCCESS}, FAILED ${result.counts.FAILED}`,
  );
} finally {
  await bench.close();
}
