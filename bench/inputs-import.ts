// A 10,000-row, ~5 MB CSV of user prompts imported through the API into a fresh server process: prints the seconds the
// import takes and the server's peak RSS growth during it. Goals: under 2 s and under 150 MB, on PGlite and PostgreSQL.
// Then another user's GET /api/projects/ latency while one user imports 10,000 JSONL rows near the 10 MB limit: the
// import must not hold the event loop. Goal: p99 under 200 ms.
//   BENCH_DATABASE_URL=postgres://…   against PostgreSQL instead of a new embedded database
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { ROUTES } from '@promptgrid/contract';
import { freePort, HttpClient, startProcess } from '../server/test/server-process.js';
import { percentile } from './figures.js';

const ROWS = 10_000;
const WORDS =
  'refund order parcel arrived broken, please "urgent" help — thanks since Tuesday invoice #4411 Grüße'.split(' ');

/**
 * Rows shaped like a real dataset: a name, a ~450-character content with commas, quotes and newlines, an expected output,
 * two variables.
 */
function dataset(): string {
  const rows = Array.from({ length: ROWS }, (_, n) => {
    let content = '';
    for (let w = n; content.length < 450; w += 7) content += WORDS[w % WORDS.length] + (w % 53 === 0 ? '\n' : ' ');
    return [
      `Case ${n + 1}`,
      content.trim(),
      `Expected answer ${n}, politely.`,
      ['Paris', 'Oslo', 'Rome'][n % 3],
      'warm',
    ];
  });
  return stringify(rows, { header: true, columns: ['name', 'content', 'expected_output', 'city', 'tone'] });
}

/** Resident memory of the process now (VmRSS) or at its peak since the last reset (VmHWM), in MB. */
function rssMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`))!;
  return Number(line.split(/\s+/)[1]) / 1024;
}

/** The same rows as JSONL, each content about 900 characters: close to the 10 MB an import may carry. */
function jsonlDataset(): string {
  const lines = Array.from({ length: ROWS }, (_, n) => {
    let content = '';
    for (let w = n; content.length < 900; w += 7) content += WORDS[w % WORDS.length] + ' ';
    return JSON.stringify({ name: `Row ${n + 1}`, content: content.trim(), variables: { city: 'Oslo' } });
  });
  return lines.join('\n');
}

/** Another user's GET /api/projects/ latencies (ms), one after another, while `importing` runs. */
async function othersLatencies(other: HttpClient, importing: Promise<unknown>): Promise<number[]> {
  let done = false;
  void importing.finally(() => (done = true));
  const latencies: number[] = [];
  while (!done) {
    const started = performance.now();
    await other.ok('GET', ROUTES.projects);
    latencies.push(performance.now() - started);
  }
  return latencies.sort((a, b) => a - b);
}

const csv = dataset();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptgrid-bench-import-'));
const env: Record<string, string> = {
  DATA_DIR: dataDir,
  DEV_LOGIN: 'true',
  RATE_LIMIT_PER_MINUTE: '1000000',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  PORT: String(await freePort()),
};
if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
const server = await startProcess('main', env);
try {
  const pid = server.child.pid!;
  const client = await new HttpClient(server.url).signIn(`bench-import-${Date.now()}@example.com`);
  const warmUp = await client.ok<{ id: number }>('POST', ROUTES.projects, {
    name: 'Warm-up',
    description: 'Loads the tokenizer',
  });
  // A running server has counted tokens before: the first count loads the tokenizer's tables (~70 MB) once.
  await client.ok('POST', ROUTES.inputsImport(warmUp.id), {
    format: 'csv',
    data: csv.slice(0, csv.indexOf('\nCase 50,')),
  });
  const project = await client.ok<{ id: number }>('POST', ROUTES.projects, { name: 'Import', description: 'Bench' });

  const before = rssMb(pid, 'VmRSS');
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
  const started = performance.now();
  const response = await client.request<{ created?: number }>('POST', ROUTES.inputsImport(project.id), {
    format: 'csv',
    data: csv,
  });
  const seconds = (performance.now() - started) / 1000;
  const peak = rssMb(pid, 'VmHWM');
  if (response.status !== 201 || response.body.created !== ROWS)
    throw new Error(`import failed: ${response.status} ${JSON.stringify(response.body).slice(0, 500)}`);

  const engine = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
  const megabytes = Buffer.byteLength(csv) / 1024 / 1024;
  console.log(`inputs-import on ${engine}: ${ROWS} rows, ${megabytes.toFixed(1)} MB of CSV`);
  console.log(`  import: ${seconds.toFixed(2)} s (goal: under 2 s)`);
  console.log(
    `  server peak RSS growth: ${(peak - before).toFixed(0)} MB (goal: under 150 MB; ${before.toFixed(0)} -> ${peak.toFixed(0)} MB)`,
  );

  const jsonl = jsonlDataset();
  const other = await new HttpClient(server.url).signIn(`bench-import-other-${Date.now()}@example.com`);
  const bulk = await client.ok<{ id: number }>('POST', ROUTES.projects, { name: 'Import JSONL', description: 'Bench' });
  const jsonlStarted = performance.now();
  const importing = client.request<{ created?: number }>('POST', ROUTES.inputsImport(bulk.id), {
    format: 'jsonl',
    data: jsonl,
  });
  const latencies = await othersLatencies(other, importing);
  const imported = await importing;
  if (imported.status !== 201 || imported.body.created !== ROWS)
    throw new Error(`JSONL import failed: ${imported.status} ${JSON.stringify(imported.body).slice(0, 500)}`);
  console.log(
    `  ${ROWS}-row JSONL import (${(Buffer.byteLength(jsonl) / 1024 / 1024).toFixed(1)} MB): ` +
      `${((performance.now() - jsonlStarted) / 1000).toFixed(2)} s`,
  );
  console.log(
    `  another user's GET /api/projects/ meanwhile: p50 ${percentile(latencies, 0.5).toFixed(0)} ms, ` +
      `p99 ${percentile(latencies, 0.99).toFixed(0)} ms, ` +
      `max ${latencies.at(-1)!.toFixed(0)} ms over ${latencies.length} requests (goal: p99 under 200 ms)`,
  );
} finally {
  await server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
