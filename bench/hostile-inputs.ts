// The inputs with which one user could once stop the server (server/test/hostile-inputs.ts), sent to a fresh server
// process while /healthz is polled: prints the slowest /healthz answer during each (an upper bound of the longest
// event-loop stall it caused) and the server's peak RSS. Goal: every answer under 100 ms, the server alive.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  catastrophicRegex,
  healthProbe,
  pausedStreams,
  selfReferringSchema,
  templateAmplification,
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
