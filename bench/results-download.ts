// Another user's GET /api/projects/ while ten clients download a 10,000-cell results document, next to the same
// requests on an idle server: what one user's downloads cost everyone else.
//
//   npm run results-download -w bench      (BENCH_DURATION=10 BENCH_DOWNLOADS=10 BENCH_CELLS_SIDE=100)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ROUTES } from '@promptgrid/contract';
import { HttpClient, seedProject, startProcess } from '../server/test/server-process.js';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const downloads = Number(process.env.BENCH_DOWNLOADS ?? 10);
const side = Number(process.env.BENCH_CELLS_SIDE ?? 100); // side x side cells

async function projectsLatency(url: string, cookie: string) {
  const result = await autocannon({ url: `${url}${ROUTES.projects}`, connections: 4, duration, headers: { cookie } });
  if (result.non2xx > 0) throw new Error(`GET /api/projects/ answered ${result.non2xx} non-2xx responses`);
  return { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptgrid-bench-download-'));
// The per-address rate limit would answer most of this load with 429s: lift it, the bench measures the event loop.
const server = await startProcess('main', {
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '100000000',
});
try {
  const owner = await new HttpClient(server.url).signIn('downloads@example.com');
  const seeded = await seedProject(owner, { inputs: side, configurations: side, models: ['gpt-4.1-mini'] });
  const run = await owner.ok<{ evaluation_id: number; total_requests: number }>('POST', ROUTES.runEvaluation, {
    configuration_ids: seeded.configurationIds,
    input_ids: seeded.inputIds,
    use_mock: true,
  });
  for (;;) {
    const counts = await owner.ok<{ SUCCESS: number; FAILED: number }>(
      'GET',
      ROUTES.apiRequestStatusCounts(run.evaluation_id),
    );
    if (counts.SUCCESS + counts.FAILED >= run.total_requests) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const other = await new HttpClient(server.url).signIn('other@example.com');
  for (let n = 0; n < 20; n++) await other.ok('POST', ROUTES.projects, { name: `P${n}`, description: 'D' });
  const cookie = other.cookieHeader();
  const ownerCookie = owner.cookieHeader();

  const idle = await projectsLatency(server.url, cookie);

  let stopped = false;
  let documents = 0;
  let bytes = 0;
  const downloader = async () => {
    while (!stopped) {
      const response = await fetch(`${server.url}${ROUTES.evaluationResults(run.evaluation_id)}`, {
        headers: { cookie: ownerCookie },
      });
      if (!response.ok) throw new Error(`the results document answered ${response.status}`);
      bytes += (await response.arrayBuffer()).byteLength;
      documents++;
    }
  };
  const running = Array.from({ length: downloads }, downloader);
  const busy = await projectsLatency(server.url, cookie);
  stopped = true;
  await Promise.all(running);

  console.log(`results document: ${run.total_requests} cells, ${(bytes / documents / 1e6).toFixed(1)} MB`);
  console.log(`GET /api/projects/ (another user), ${duration} s at 4 connections:`);
  console.log(`  idle:                          p50 ${idle.p50} ms, p99 ${idle.p99} ms, max ${idle.max} ms`);
  console.log(
    `  during ${downloads} downloads (${documents} done): p50 ${busy.p50} ms, p99 ${busy.p99} ms, max ${busy.max} ms`,
  );
} finally {
  await server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
