import net from 'node:net';
import zlib from 'node:zlib';
import { ROUTES, type AiModel, type ImportProjectInput } from '@promptgrid/contract';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startProcess, type HttpClient } from './server-process.js';
import { itemAt } from '@promptgrid/test-support';

/**
 * The inputs with which one signed-in user could once stop a whole server, sent to a server process: for the test
 * that it still answers with its memory bounded, and for the benchmark that measures its longest stall meanwhile.
 */

/**
 * A server process as `npm start` runs it, in a data directory of its own, with a rate limit no test reaches; `stop`
 * kills it and removes the directory.
 */
export async function startHostileServer(name: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `promptgrid-${name}-`));
  const server = await startProcess('main', {
    DATA_DIR: dataDir,
    DEV_LOGIN: 'true',
    HOST: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '100000',
    EVAL_CONCURRENCY: '4',
  });
  const stop = async () => {
    await server.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { server, stop };
}

/** Polls /healthz one request after another until stopped; answers the slowest answer's time (ms), or Infinity. */
export function healthProbe(baseUrl: string) {
  let running = true;
  let slowest = 0;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const ok = await fetch(`${baseUrl}${ROUTES.healthz}`, { signal: AbortSignal.timeout(30_000) }).then(
        (r) => r.ok,
        () => false,
      );
      slowest = Math.max(slowest, ok ? performance.now() - started : Infinity);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return slowest;
    },
  };
}

async function projectWith(client: HttpClient, prompt: string) {
  const model = itemAt(await client.ok<AiModel[]>('GET', ROUTES.models), 0);
  const project = await client.ok<{ id: number }>('POST', ROUTES.projects, { name: 'Hostile', description: 'Inputs' });
  const configuration = await client.ok<{ id: number }>('POST', ROUTES.configurations(project.id), {
    name: 'Amplifier',
    prompt_content: prompt,
    ai_model_id: model.id,
  });
  return { projectId: project.id, configurationId: configuration.id };
}

/** `{{a}}` 40,000 times with a 12,000-character variable: 480 million characters once filled in. */
export async function templateAmplification(client: HttpClient) {
  const { projectId, configurationId } = await projectWith(client, '{{a}}'.repeat(40_000));
  const input = await client.ok<{ id: number }>('POST', ROUTES.inputs(projectId), {
    name: 'Long',
    content: 'Hi',
    variables: { a: 'x'.repeat(12_000) },
  });
  const body = { configuration_ids: [configurationId], input_ids: [input.id], use_mock: true };
  return {
    estimate: (await client.request('POST', ROUTES.runEvaluationEstimate, body)).status,
    run: (await client.request('POST', ROUTES.runEvaluation, body)).status,
  };
}

/** A JSON Schema check that refers to itself forever. */
export async function selfReferringSchema(client: HttpClient) {
  const { projectId } = await projectWith(client, 'Answer in JSON.');
  const check = { name: 'Loop', type: 'json_schema', value: '{"$ref": "#"}' };
  return (await client.request('POST', ROUTES.checks(projectId), check)).status;
}

/** `(a+)+b` previewed on a finished mock run whose outputs quote 80 a's: exponential for a backtracking engine. */
export async function catastrophicRegex(client: HttpClient) {
  const { projectId, configurationId } = await projectWith(client, 'a'.repeat(80));
  const run = await client.ok<{ evaluation_id: number }>('POST', ROUTES.runEvaluation, {
    configuration_ids: [configurationId],
    input_ids: [],
    use_mock: true,
  });
  for (;;) {
    const { evaluation } = await client.ok<{ evaluation: { completed_at: string | null } }>(
      'GET',
      ROUTES.evaluation(run.evaluation_id),
    );
    if (evaluation.completed_at) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const preview = await client.request<{ pass: boolean }[]>('POST', ROUTES.checkPreview(run.evaluation_id), {
    name: 'Backtracking',
    type: 'regex',
    value: '(a+)+b',
  });
  const saved = await client.request('POST', ROUTES.checks(projectId), { name: 'r', type: 'regex', value: '(a)\\1' });
  return { preview: preview.status, verdicts: preview.body, backreference: saved.status };
}

/**
 * Endpoint settings that would make the server's own requests lie about where they go or where they come from: a Host
 * naming another virtual host behind the endpoint's address, a forged client address, framing headers. Answers the
 * statuses of a new endpoint and of an update of a saved one carrying them, and the field message.
 */
export async function spoofingEndpointHeaders(client: HttpClient, baseUrl: string) {
  const headers = { Host: 'internal-admin.example', 'X-Forwarded-For': '10.0.0.1', 'Content-Length': '0' };
  const base_url = `${baseUrl}/v1`;
  const created = await client.request<{ headers?: string[] }>('POST', ROUTES.endpoints, {
    name: 'S',
    base_url,
    headers,
  });
  const saved = await client.ok<{ id: number }>('POST', ROUTES.endpoints, { name: 'Plain', base_url });
  const updated = await client.request('PUT', ROUTES.endpoint(saved.id), {
    headers: { 'transfer-encoding': 'chunked' },
  });
  return { created: created.status, message: created.body.headers?.[0], updated: updated.status };
}

/**
 * `count` live streams of one running evaluation whose readers never read (as paused EventSources). Answers their
 * statuses; the sockets stay open until `close`. The run (500 mock calls) stays running a while at a low
 * EVAL_CONCURRENCY, sending text all along.
 */
export async function pausedStreams(client: HttpClient, baseUrl: string, count = 200) {
  const { projectId, configurationId } = await projectWith(client, 'Answer at length.');
  const lines = Array.from({ length: 500 }, (_, n) => JSON.stringify({ name: `Q${n}`, content: `Question ${n}` }));
  await client.ok('POST', ROUTES.inputsImport(projectId), { format: 'jsonl', data: lines.join('\n') });
  const inputs = await client.ok<{ id: number }[]>('GET', ROUTES.inputs(projectId));
  const run = await client.ok<{ evaluation_id: number }>('POST', ROUTES.runEvaluation, {
    configuration_ids: [configurationId],
    input_ids: inputs.map((input) => input.id),
    use_mock: true,
  });
  const { hostname, port } = new URL(baseUrl);
  const sockets: net.Socket[] = [];
  const statuses: number[] = [];
  for (let n = 0; n < count; n++) {
    const socket = net.connect(Number(port), hostname);
    sockets.push(socket);
    statuses.push(
      await new Promise<number>((resolve) => {
        socket.once('data', (chunk) => {
          socket.pause();
          resolve(Number(/^HTTP\/1\.1 (\d+)/.exec(String(chunk))?.[1] ?? 0));
        });
        socket.once('error', () => resolve(0));
        socket.write(
          `GET ${ROUTES.evaluationEvents(run.evaluation_id)} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
            `Cookie: ${client.cookieHeader()}\r\nAccept: text/event-stream\r\n\r\n`,
        );
      }),
    );
  }
  return { statuses, close: () => sockets.forEach((socket) => socket.destroy()) };
}

/**
 * A zip whose entries each declare `declaredSize` bytes and hold the same deflated data (CRCs left 0: readers of a
 * bomb inflate before checking them).
 */
function zipDeclaring(names: string[], deflated: Buffer, declaredSize: number): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const name of names) {
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(declaredSize, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(deflated.length, 20);
    central.writeUInt32LE(declaredSize, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, deflated);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(names.length, 8);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONFIG = "prompts: ['Answer: {{question}}']\nproviders: [openai:gpt-4o-mini]\n";
const testsYaml = (bytes: number) => {
  const question = 'What is the capital of France, and which river runs through it? Answer in one sentence.';
  const test = `- vars: {question: "${question}"}\n  assert: [{type: contains, value: Paris}, {type: icontains, value: seine}]\n`;
  return test.repeat(Math.floor(bytes / test.length));
};

/** A promptfoo import: the config with its `tests:` line, and the files it refers to. */
const promptfooUpload = (tests: string, files: ImportProjectInput['files'] = []): ImportProjectInput => ({
  format: 'promptfoo',
  files: [{ name: 'promptfooconfig.yaml', data: `${CONFIG}tests: ${tests}\n` }, ...files],
});

/** A promptfoo config whose tests are `count` YAML files of `mb` MB each. */
export const yamlTestFiles = (count: number, mb: number) =>
  promptfooUpload(
    'file://tests/*.yaml',
    Array.from({ length: count }, (_, n) => ({ name: `tests/${n + 1}.yaml`, data: testsYaml(mb * 1024 * 1024) })),
  );

/**
 * Project imports whose reading once held the event loop for seconds, and the status each now answers at once (or,
 * for the large legitimate file, after reading it on the untrusted-work pool).
 */
export const hostileImports: { name: string; status: number; body: () => ImportProjectInput }[] = [
  {
    name: 'glob *a*a*a*a*a*a*a*b over three long names',
    status: 200,
    body: () =>
      promptfooUpload(
        '["file://*a*a*a*a*a*a*a*b"]',
        [1, 2, 3].map((n) => ({ name: `${'a'.repeat(36)}${n}`, data: 'x' })),
      ),
  },
  {
    name: '10,000 CSV tests with the same __expected check',
    status: 200,
    body: () => {
      const rows = Array.from({ length: 10_000 }, (_, n) => `Q${n},contains:x`);
      return promptfooUpload('file://tests.csv', [
        { name: 'tests.csv', data: ['question,__expected', ...rows].join('\n') },
      ]);
    },
  },
  {
    name: 'a 256 KB YAML tests file (read on the pool)',
    status: 200,
    body: () => promptfooUpload('file://tests.yaml', [{ name: 'tests.yaml', data: testsYaml(256 * 1024) }]),
  },
  { name: 'two 1.2 MB YAML tests files', status: 400, body: () => yamlTestFiles(2, 1.2) },
  {
    name: 'a model picked for each of 10,000 providers',
    status: 400,
    body: () => ({
      ...promptfooUpload('[]'),
      provider_models: Object.fromEntries(Array.from({ length: 10_000 }, (_, n) => [`bedrock:model-${n}`, 1])),
    }),
  },
  {
    // Under the YAML limit, so that it is the nesting that is refused.
    name: '800 KB of `- - - …` YAML',
    status: 400,
    body: () => ({
      format: 'promptfoo',
      files: [{ name: 'promptfooconfig.yaml', data: `${'- '.repeat(400 * 1024)}x\n` }],
    }),
  },
  {
    name: 'a zip whose entries declare 10 bytes and inflate to 100 MB each',
    status: 400,
    body: () => {
      const deflated = zlib.deflateRawSync(Buffer.alloc(100 * 1024 * 1024), { level: 9 });
      const names = ['promptfooconfig.yaml', ...[1, 2, 3, 4, 5].map((n) => `tests/${n}.yaml`)];
      return {
        format: 'promptfoo',
        files: [{ name: 'suite.zip', data_base64: zipDeclaring(names, deflated, 10).toString('base64') }],
      };
    },
  },
];

/** Sends a hostile import to the preview route: its status, and its error when refused. */
export async function sendImport(client: HttpClient, body: ImportProjectInput) {
  return client.request<Record<string, unknown>>('POST', ROUTES.importProjectPreview, body);
}
