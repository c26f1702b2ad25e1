// The inputs with which one user could once stop the server (server/test/hostile-inputs.ts), sent to a fresh server
// process while /healthz is polled: prints the slowest /healthz answer during each (an upper bound of the longest
// event-loop stall it caused) and the server's peak RSS. Goal: every answer under 100 ms, the server alive.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  catastrophicRegex,
  healthProbe,
  hostileImports,
  pausedStreams,
  selfReferringSchema,
  sendImport,
  templateAmplification,
  yamlTestFiles,
} from '../server/test/hostile-inputs.js';
import { freePort, HttpClient, peakRssMb, startProcess } from '../server/test/server-process.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptgrid-bench-hostile-'));
const server = await startProcess('main', {
  DATA_DIR: dataDir,
  DEV_LOGIN: 'true',
  RATE_LIMIT_PER_MINUTE: '1000000',
  EVAL_CONCURRENCY: '4',
  NODE_ENV: 'production',
  PORT: String(await freePort()),
});
try {
  const client = await new HttpClient(server.url).signIn(`bench-hostile-${Date.now()}@example.com`);
  const scenarios: [string, () => Promise<unknown>][] = [
    // Saving its configuration counts tokens: the first count in a process loads the tokenizer's tables (~1 s).
    ['self-referring JSON Schema (and the first token count)', () => selfReferringSchema(client)],
    ['template amplification (estimate and run)', () => templateAmplification(client)],
    ['(a+)+b previewed, a backreference saved', () => catastrophicRegex(client)],
    ['200 paused live streams', async () => (await pausedStreams(client, server.url)).close()],
  ];
  console.log('hostile-inputs on embedded PGlite: the slowest /healthz answer while each runs');
  // Project imports (previewed), each built before the probe starts (building a zip bomb is this process's own work),
  // and before the paused streams, whose run keeps the server busy a while after.
  const imports = [
    ...hostileImports,
    { name: 'four 2 MB YAML tests files (an 8.6 MB JSON body)', status: 400, body: () => yamlTestFiles(4, 2) },
  ];
  for (const { name, status, body } of imports) {
    const payload = body();
    const probe = healthProbe(server.url);
    const started = performance.now();
    const answer = await sendImport(client, payload);
    const took = performance.now() - started;
    const slowest = await probe.stop();
    console.log(
      `  import: ${name}: ${slowest.toFixed(0)} ms (goal: under 100 ms); answered ${answer.status} ` +
        `(expected ${status}) in ${took.toFixed(0)} ms`,
    );
  }
  for (const [name, scenario] of scenarios) {
    const probe = healthProbe(server.url);
    await scenario();
    console.log(`  ${name}: ${(await probe.stop()).toFixed(0)} ms (goal: under 100 ms)`);
  }
  console.log(
    `  server peak RSS: ${peakRssMb(server.child.pid!).toFixed(0)} MB; alive: ${server.child.exitCode === null}`,
  );
} finally {
  await server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
