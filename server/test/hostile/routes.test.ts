import { Worker } from 'node:worker_threads';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@promptgrid/contract';
import { ACCESS_RULES } from '../access-rules.js';
import { plantEntities, targetOf, type RouteCase } from '../route-table.js';
import { startHostileServer } from '../hostile-inputs.js';
import { HttpClient, peakRssMb, type ServerProcess } from '../server-process.js';
import { HOSTILE_BODIES, type HostileIds } from './payloads.js';

/** The slowest /healthz answer allowed while the payloads are read: none of them may hold the event loop. */
const SLOWEST_HEALTHZ_MS = 150;
/** Peak resident memory of the server through all of it; an idle one holds about 270 MB, each pool thread up to 256. */
const PEAK_RSS_MB = 900;
/** Payloads per route: few, and sized to the limits, so the suite takes about a minute. */
const RUNS = 6;
const SEED = 20261202;

/**
 * /healthz asked every 20 ms from a thread of its own, so that building a payload in this process never delays a
 * probe. Posts each answer's start (epoch ms) and duration; Infinity for no answer.
 */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
let running = true;
parentPort.on('message', () => (running = false));
(async () => {
  while (running) {
    const startedAt = Date.now();
    const started = performance.now();
    const ok = await fetch(workerData.url, { signal: AbortSignal.timeout(30000) }).then((r) => r.ok, () => false);
    parentPort.postMessage({ startedAt, ms: ok ? performance.now() - started : Infinity });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  parentPort.postMessage('stopped');
})();
`;

type Probe = { startedAt: number; ms: number };
/** A payload sent: its route, when it went and was answered (epoch ms), the status (0: cut off) and the body. */
type Sent = { key: string; from: number; to: number; status: number; payload: string };

/** The requests a route's body goes with: its path filled with the planted ids. */
function caseOf(key: string): RouteCase {
  const [method = 'POST', url = '/'] = key.split(' ');
  // targetOf reads only the url and the rule's ids.
  return { method, url, key, rule: ACCESS_RULES[key], route: {} as RouteCase['route'] };
}

describe('generated hostile payloads to every route that takes user content, /healthz probed meanwhile', () => {
  let server: ServerProcess;
  let stop: (() => Promise<void>) | undefined;
  let client: HttpClient;
  let ids: HostileIds;

  beforeAll(async () => {
    ({ server, stop } = await startHostileServer('hostile-routes'));
    client = await new HttpClient(server.url).signIn('hostile-routes@example.com');
    const asTestClient = {
      get: (url: string) => responseOf(client.request('GET', url)),
      post: (url: string, body?: unknown) => responseOf(client.request('POST', url, body ?? {})),
    };
    const planted = await plantEntities(asTestClient as unknown as Parameters<typeof plantEntities>[0]);
    const amplifier = await client.ok<{ id: number }>('POST', ROUTES.configurations(planted.project), {
      name: 'Amplifier',
      prompt_content: '{{a}}'.repeat(40_000),
      ai_model_id: planted.model,
    });
    const longVariable = await client.ok<{ id: number }>('POST', ROUTES.inputs(planted.project), {
      name: 'Long',
      content: 'Hi',
      variables: { a: 'x'.repeat(12_000) },
    });
    ids = { ...planted, amplifier: amplifier.id, longVariable: longVariable.id };
  }, 120_000);
  afterAll(() => stop?.());

  it('has a payload builder for every route with a body', () => {
    const withBody = Object.entries(ACCESS_RULES)
      .filter(([, rule]) => rule.body !== undefined)
      .map(([key]) => key);
    expect(Object.keys(HOSTILE_BODIES).sort()).toEqual(withBody.sort());
  });

  it(
    `answers each without a 5xx, /healthz within ${SLOWEST_HEALTHZ_MS} ms and memory under ${PEAK_RSS_MB} MB`,
    { timeout: 300_000 },
    async () => {
      const probes: Probe[] = [];
      const probe = new Worker(PROBE, { eval: true, workerData: { url: `${server.url}${ROUTES.healthz}` } });
      const stopped = new Promise<void>((resolve) =>
        probe.on('message', (message: Probe | 'stopped') => (message === 'stopped' ? resolve() : probes.push(message))),
      );
      const sent: Sent[] = [];
      try {
        for (const [key, build] of Object.entries(HOSTILE_BODIES)) {
          const target = targetOf(caseOf(key), ids);
          const form = ACCESS_RULES[key]?.bodies === 'form';
          await fc.assert(
            fc.asyncProperty(build(ids), async (payload) => {
              const from = Date.now();
              const status = await sendText(client, caseOf(key).method, target, payload, form);
              sent.push({ key, from, to: Date.now(), status, payload });
            }),
            { numRuns: RUNS, seed: SEED },
          );
        }
      } finally {
        probe.postMessage('stop');
        await stopped;
        await probe.terminate();
      }
      const peakRss = peakRssMb(server.child.pid!);
      const slowest = Math.max(0, ...probes.map((p) => p.ms));
      // A probe that started while a payload was on its way (or just before) waited on that payload.
      const stall = (s: Sent) =>
        Math.max(0, ...probes.filter((p) => p.startedAt >= s.from - 20 && p.startedAt <= s.to).map((p) => p.ms));
      const described = (s: Sent) => `${s.key} answered ${s.status} to ${s.payload.length} B ${s.payload.slice(0, 80)}`;
      const perRoute = Object.keys(HOSTILE_BODIES).map((key) => `${key} ${sent.filter((s) => s.key === key).length}`);
      console.log(
        `hostile routes: ${sent.length} payloads (${perRoute.join(', ')}); slowest /healthz ${slowest.toFixed(0)} ms ` +
          `of ${probes.length} probes; server peak RSS ${peakRss.toFixed(0)} MB`,
      );
      expect(sent.filter((s) => s.status >= 500 && s.status !== 503).map(described)).toEqual([]);
      expect(
        sent.filter((s) => stall(s) > SLOWEST_HEALTHZ_MS).map((s) => `${stall(s).toFixed(0)} ms: ${described(s)}`),
      ).toEqual([]);
      expect(slowest).toBeLessThan(SLOWEST_HEALTHZ_MS);
      expect(peakRss).toBeLessThan(PEAK_RSS_MB);
      expect(server.child.exitCode).toBeNull();
    },
  );
});

/** A response as plantEntities reads one (an inject response's fields). */
async function responseOf(pending: Promise<{ status: number; body: unknown }>) {
  const { status, body } = await pending;
  return { statusCode: status, body: JSON.stringify(body), json: () => body };
}

/** Sends a raw body (JSON, or a form) with the client's session and CSRF header; answers the status (0: cut off). */
async function sendText(client: HttpClient, method: string, target: string, payload: string, form: boolean) {
  try {
    const response = await fetch(`${client.baseUrl}${target}`, {
      method,
      headers: {
        ...client.sessionHeaders(),
        'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
      },
      body: payload,
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    // A body over the limit is answered 413 and its connection closed while it is still being written.
    return 0;
  }
}
