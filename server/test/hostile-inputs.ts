import net from 'node:net';
import { ROUTES, type AiModel } from '@promptgrid/contract';
import type { HttpClient } from './server-process.js';
import { itemAt } from '@promptgrid/test-support';

/**
 * The inputs with which one signed-in user could once stop a whole server, sent to a server process: for the test
 * that it still answers with its memory bounded, and for the benchmark that measures its longest stall meanwhile.
 */

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
