import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type ApiRequest } from '@promptgrid/contract';
import { startFakeProviders, type FakeProviders } from '@promptgrid/test-support';
import { HttpClient, startProcess, type ServerProcess } from './server-process.js';

/** Peak resident memory of a process in MB (Linux). */
const peakRssMb = (pid: number) =>
  Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

// The built server (esbuild renames classes, e.g. APIConnectionTimeoutError2): what `npm start` runs.
describe('provider failures in the built server', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptgrid-providers-'));
  let fake: FakeProviders;
  let server: ServerProcess;
  beforeAll(async () => {
    fake = await startFakeProviders();
    server = await startProcess('main', {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      APP_ENCRYPTION_KEY: '',
      OPENAI_BASE_URL: fake.openaiBaseUrl,
      ANTHROPIC_BASE_URL: fake.anthropicBaseUrl,
      PROVIDER_TIMEOUT_MS: '1000',
      EVAL_MAX_RETRIES: '2',
      EVAL_RETRY_BASE_MS: '10',
    });
  }, 60_000);
  afterAll(async () => {
    await server?.kill();
    await fake?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'retries an Anthropic timeout and a dropped connection, and fails a huge reply without holding it',
    {
      timeout: 60_000,
    },
    async () => {
      const client = await new HttpClient(server.url).signIn('providers@example.com');
      await client.ok('POST', ROUTES.apiKeys, { provider: 'anthropic', key: 'sk-ant-test' });
      await client.ok('POST', ROUTES.apiKeys, { provider: 'openai', key: 'sk-test' });
      const models: { id: number; company: string }[] = await client.ok('GET', ROUTES.models);
      const anthropic = models.find((m) => m.company === 'anthropic')!.id;
      const openai = models.find((m) => m.company === 'openai')!.id;
      const project = await client.ok<{ id: number }>('POST', ROUTES.projects, { name: 'Faults', description: 'D' });
      const expected = new Map<number, Partial<ApiRequest>>();
      for (const [prompt, modelId, outcome] of [
        ['[[fake:hangx1]] times out once', anthropic, { status: 'SUCCESS' }],
        ['[[fake:dropx1]] loses its connection once', anthropic, { status: 'SUCCESS' }],
        [
          '[[fake:huge]] answers without end',
          anthropic,
          { status: 'FAILED', error_message: 'Anthropic sent a reply larger than 10 MB; it was not read' },
        ],
        [
          '[[fake:huge]] answers OpenAI without end',
          openai,
          { status: 'FAILED', error_message: 'OpenAI sent a reply larger than 10 MB; it was not read' },
        ],
      ] as const) {
        const body = { name: prompt, prompt_content: prompt, ai_model_id: modelId };
        expected.set((await client.ok<{ id: number }>('POST', ROUTES.configurations(project.id), body)).id, outcome);
      }
      const { evaluation_id } = await client.ok<{ evaluation_id: number }>('POST', ROUTES.runEvaluation, {
        configuration_ids: [...expected.keys()],
        input_ids: [],
        use_mock: false,
      });
      let requests: ApiRequest[] = [];
      await expect
        .poll(
          async () => {
            requests = await client.ok('GET', ROUTES.apiRequests(evaluation_id));
            return requests.filter((r) => r.status === 'SUCCESS' || r.status === 'FAILED').length;
          },
          { timeout: 30_000, interval: 200 },
        )
        .toBe(4);
      for (const request of requests) expect(request).toMatchObject(expected.get(request.configuration)!);
      // Each fault was met once and retried once; a huge reply is not retried.
      const calls = (text: string) => fake.requests.filter((r) => JSON.stringify(r.body).includes(text)).length;
      expect([calls('times out once'), calls('loses its connection once'), calls('answers without end')]).toEqual([
        2, 2, 1,
      ]);
      expect(peakRssMb(server.child.pid!)).toBeLessThan(700);
    },
  );
});
