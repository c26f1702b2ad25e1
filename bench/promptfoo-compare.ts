/**
 * promptfoo on the same work as eval-throughput and eval-scale, against the same fake provider, for a side-by-side figure.
 * promptfoo is not a dependency: install it anywhere (`npm install promptfoo@0.115.0` runs on Node 20) and point
 * PROMPTFOO_BIN at its `promptfoo` binary. Prints wall time, the ideal for the concurrency, their ratio, and calls/s.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeProviders } from '@promptgrid/test-support/fake-providers';

const bin = process.env.PROMPTFOO_BIN;
if (!bin) {
  console.error('Set PROMPTFOO_BIN to a promptfoo binary (e.g. npm install promptfoo@0.115.0 in a scratch folder).');
  process.exit(2);
}
const CONCURRENCY = Number(process.env.EVAL_CONCURRENCY ?? 50);

async function runPromptfoo(inputs: number, configurations: number, latencyMs: number) {
  const fake = await startFakeProviders({ latencyMs, record: false });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptfoo-bench-'));
  try {
    const prompts = Array.from({ length: configurations }, (_, c) =>
      JSON.stringify([
        { role: 'system', content: `You are assistant number ${c + 1}. Answer in one short paragraph.` },
        { role: 'user', content: '{{input}}' },
      ]),
    );
    const config = {
      prompts,
      providers: [
        {
          id: 'openai:chat:gpt-4o-mini',
          config: { apiBaseUrl: fake.openaiBaseUrl, apiKey: 'sk-bench-key', temperature: 0.7 },
        },
      ],
      tests: Array.from({ length: inputs }, (_, i) => ({
        vars: { input: `Benchmark input number ${i + 1}: summarise the plot of a short story.` },
      })),
    };
    fs.writeFileSync(path.join(dir, 'promptfooconfig.json'), JSON.stringify(config));
    const started = performance.now();
    const code = await new Promise<number>((resolve) => {
      const child = spawn(
        bin!,
        [
          'eval',
          '-c',
          'promptfooconfig.json',
          '--max-concurrency',
          String(CONCURRENCY),
          '--no-cache',
          '--no-write',
          '--no-table',
          '--no-progress-bar',
        ],
        {
          cwd: dir,
          env: {
            ...process.env,
            PROMPTFOO_DISABLE_TELEMETRY: '1',
            PROMPTFOO_DISABLE_UPDATE: '1',
            PROMPTFOO_CONFIG_DIR: dir,
            OPENAI_API_KEY: 'sk-bench-key',
          },
          stdio: ['ignore', 'ignore', 'inherit'],
        },
      );
      child.on('exit', (status) => resolve(status ?? 1));
    });
    const wallS = (performance.now() - started) / 1000;
    return { code, wallS, calls: fake.stats.byStatus[200] ?? 0, total: inputs * configurations };
  } finally {
    await fake.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// What the command costs with nothing to wait for: start-up, config, one call, shut-down. Subtracted for a fair ratio.
const startUp = await runPromptfoo(1, 1, 0);
const throughput = await runPromptfoo(50, 20, 200);
const ideal = (Math.ceil(throughput.total / CONCURRENCY) * 200) / 1000;
console.log(
  `promptfoo, eval-throughput's work: ${throughput.total} calls, 200 ms latency, concurrency ${CONCURRENCY}; ` +
    `exit ${throughput.code}, ${throughput.calls} answered`,
);
console.log(
  `  wall ${throughput.wallS.toFixed(3)} s for the whole command; ` +
    `less its ${startUp.wallS.toFixed(3)} s for a single call: ${(throughput.wallS - startUp.wallS).toFixed(3)} s`,
);
console.log(
  `  ideal ${ideal.toFixed(3)} s, ratio ${((throughput.wallS - startUp.wallS) / ideal).toFixed(3)} ` +
    `(${(throughput.wallS / ideal).toFixed(3)} with start-up)`,
);
const scale = await runPromptfoo(100, 100, 5);
console.log(
  `promptfoo, eval-scale's work: ${scale.total} calls, 5 ms latency; exit ${scale.code}, ${scale.calls} answered`,
);
console.log(
  `  wall ${scale.wallS.toFixed(2)} s -> ${(scale.calls / scale.wallS).toFixed(0)} calls/s ` +
    `(${(scale.calls / (scale.wallS - startUp.wallS)).toFixed(0)} calls/s less start-up)`,
);
