/**
 * POST /api/evaluations/{id}/rescore/ on 10,000 stored outputs (100 inputs x 100 configurations, ~600 characters each)
 * with 3 rule checks (contains, regex, max_chars): 30,000 verdicts read, computed and written per rescore.
 * The first rescore writes into an empty scores table, the next ones replace the scores before them.
 * Goal: under 1 s. BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL instead of the embedded database.
 * Also prints the CPU time this process spent (main thread and the embedded database's thread): on a busy machine the
 * wall time mostly measures waiting for a core, and the CPU time is what an idle one would take.
 */
import os from 'node:os';
import { ROUTES } from '@promptgrid/contract';
import { createTestDatabase, signedInClient, startTestApp } from '../server/test/harness.js';
import { insertEvaluation, type FixtureRequest } from '../server/test/evaluation-fixture.js';
import { itemAt } from '@promptgrid/test-support/items';
import { loadAverage, median } from './figures.js';

const GOAL_S = 1;
const INPUTS = 100;
const CONFIGURATIONS = 100;
const RUNS = 5;

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const kind = process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite';
const database = await createTestDatabase(kind);
const { app } = await startTestApp(database);
try {
  const client = await signedInClient(app);
  const project = (await client.post(ROUTES.projects, { name: 'Bench', description: 'rescore' })).json<{ id: number }>()
    .id;
  for (const check of [
    { name: 'Mentions Paris', type: 'contains', value: 'Paris' },
    { name: 'Has a year', type: 'regex', value: '\\b(1[0-9]{3}|20[0-9]{2})\\b' },
    { name: 'Short', type: 'max_chars', value: '600' },
  ])
    if ((await client.post(ROUTES.checks(project), check)).statusCode !== 201) throw new Error('check not created');

  const inputs = Array.from({ length: INPUTS }, (_, i) => ({ id: i + 1, name: `q${i}`, content: `Question ${i}?` }));
  const configurations = Array.from({ length: CONFIGURATIONS }, (_, c) => ({ id: c + 1, name: `prompt ${c}` }));
  const sentence = 'The city on the Seine has been the seat of government since the reign of Clovis. ';
  const requests: FixtureRequest[] = [];
  for (const input of inputs)
    for (const configuration of configurations) {
      const n = input.id * CONFIGURATIONS + configuration.id;
      const body = sentence.repeat(6 + (n % 3));
      requests.push({
        input: input.id,
        configuration: configuration.id,
        status: 'SUCCESS',
        output: n % 2 ? `Paris, since ${1000 + (n % 1000)}. ${body}` : `Lyon. ${body}`,
      });
    }
  const { evaluationId } = await insertEvaluation(database.db, {
    userId: client.user.id,
    projectId: project,
    configurations,
    inputs,
    requests,
  });

  const seconds: number[] = [];
  const cpuSeconds: number[] = [];
  let scores = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    const response = await client.post(ROUTES.rescore(evaluationId));
    seconds.push(Number(process.hrtime.bigint() - started) / 1e9);
    const used = process.cpuUsage(cpu);
    cpuSeconds.push((used.user + used.system) / 1e6);
    if (response.statusCode !== 200) throw new Error(`rescore answered ${response.statusCode}: ${response.body}`);
    scores = response.json<{ scores: number }>().scores;
  }
  const list = (values: number[]) => values.map((s) => s.toFixed(3)).join(', ');
  const wall = median(seconds);
  console.log(`rescore: ${requests.length} stored outputs x 3 rule checks = ${scores} scores, ${kind}`);
  console.log(`  wall: first (empty scores) ${itemAt(seconds, 0).toFixed(3)} s; then ${list(seconds.slice(1))} s`);
  console.log(`  process CPU: ${list(cpuSeconds)} s`);
  console.log(
    `  median wall ${wall.toFixed(3)} s, CPU ${median(cpuSeconds).toFixed(3)} s ` +
      `(goal under ${GOAL_S} s: ${wall < GOAL_S ? 'met' : 'NOT met'}); ` +
      `load average ${loadAverage().toFixed(1)} on ${os.cpus().length} CPUs`,
  );
} finally {
  await app.close();
  await database.close();
}
