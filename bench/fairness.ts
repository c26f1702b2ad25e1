/**
 * Fairness between users: user A starts a 5,000-call run (a fake provider answering in 50 ms, 8 calls at once), and
 * user B a 10-call run once A's is under way. Prints how long B waited for its answers and how far A's run had come
 * by then. Claims take turns between users, so B's run should finish in about the time of its own calls, long before
 * A's run is a fifth done. On PostgreSQL (BENCH_DATABASE_URL, or TEST_DATABASE_URL, or the local test server), one
 * scratch database.
 */
import { ROUTES, type RunEvaluationResponse } from '@promptgrid/contract';
import { startFakeProviders } from '@promptgrid/test-support/fake-providers';
import { createScratchPostgresDatabase } from '../server/test/database-templates.js';
import { HttpClient, seedProject, startProcess } from '../server/test/server-process.js';

process.env.TEST_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type Counts = { PENDING: number; IN_PROGRESS: number; SUCCESS: number; FAILED: number; total: number };

const fake = await startFakeProviders({ latencyMs: 50, record: false });
const scratch = await createScratchPostgresDatabase('promptgrid_bench');
const server = await startProcess('main', {
  DATABASE_URL: scratch.url,
  DEV_LOGIN: 'true',
  OPENAI_BASE_URL: fake.openaiBaseUrl,
  EVAL_CONCURRENCY: '8',
  RATE_LIMIT_PER_MINUTE: '1000000',
  FREE_EVALUATIONS_PER_MONTH: '1000',
  NODE_ENV: 'production',
  LOG_LEVEL: 'info',
});
try {
  await server.printed('queue worker started');
  const userReady = async (email: string, inputs: number, configurations: number) => {
    const client = await new HttpClient(server.url).signIn(email);
    const project = await seedProject(client, { inputs, configurations, models: ['gpt-4o-mini'] });
    await client.ok('POST', ROUTES.apiKeys, { provider: 'openai', key: 'sk-bench-key' });
    const run = () =>
      client.ok<RunEvaluationResponse>('POST', ROUTES.runEvaluation, {
        configuration_ids: project.configurationIds,
        input_ids: project.inputIds,
        use_mock: false,
      });
    const counts = (id: number) => client.ok<Counts>('GET', ROUTES.apiRequestStatusCounts(id));
    return { client, run, counts };
  };
  const a = await userReady(`fair-a-${Date.now()}@example.com`, 100, 50);
  const b = await userReady(`fair-b-${Date.now()}@example.com`, 10, 1);

  const big = await a.run();
  // Polled: the calls happen in the server process.
  const poll = () => new Promise((resolve) => setTimeout(resolve, 20));
  while ((await a.counts(big.evaluation_id)).SUCCESS < 16) await poll();
  const started = performance.now();
  const small = await b.run();
  let smallCounts: Counts;
  do {
    await poll();
    smallCounts = await b.counts(small.evaluation_id);
  } while (smallCounts.PENDING + smallCounts.IN_PROGRESS > 0);
  const waited = (performance.now() - started) / 1000;
  const bigCounts = await a.counts(big.evaluation_id);
  const bigDone = bigCounts.SUCCESS + bigCounts.FAILED;
  await a.client.ok('POST', ROUTES.cancelEvaluation(big.evaluation_id));

  const ownTime = (10 * 0.05) / 8;
  console.log(`fairness (PostgreSQL, one server, 8 calls at once, fake provider at 50 ms)`);
  console.log(
    `  user B's 10-call run, started after user A's 5,000-call run: done in ${waited.toFixed(2)} s ` +
      `(its own calls alone: about ${ownTime.toFixed(2)} s plus a claim)`,
  );
  console.log(
    `  user A's run by then: ${bigDone} of ${bigCounts.total} calls (${((100 * bigDone) / bigCounts.total).toFixed(1)}%; ` +
      `goal: under 20%); first come, first served would have made B wait for all ${bigCounts.total} ` +
      `(about ${((bigCounts.total * 0.05) / 8).toFixed(0)} s)`,
  );
} finally {
  await server.kill();
  await fake.close();
  await scratch.drop();
}
