import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, ROUTES } from '@promptgrid/contract';
import {
  catastrophicRegex,
  healthProbe,
  hostileImports,
  pausedStreams,
  selfReferringSchema,
  sendImport,
  spoofingEndpointHeaders,
  startHostileServer,
  templateAmplification,
} from './hostile-inputs.js';
import { HttpClient, peakRssMb, type ServerProcess } from './server-process.js';

/**
 * What the server may reach at its peak through all of it: an idle one holds about 270 MB, and each thread of the
 * untrusted-work pool may take up to 256 MB of heap while it reads an upload (Node 24 peaks near 800 MB here, Node 20
 * near 530 MB), as in the hostile routes suite.
 */
const PEAK_RSS_MB = 900;
/** The slowest /healthz answer allowed while an upload is read: the event loop never waits on its reading. */
const SLOWEST_HEALTHZ_MS = 150;

describe('one user sending hostile inputs to the server as `npm start` runs it', () => {
  let server: ServerProcess;
  let stop: (() => Promise<void>) | undefined;
  let hostile: HttpClient;
  let bystander: HttpClient;

  beforeAll(async () => {
    ({ server, stop } = await startHostileServer('hostile'));
    hostile = await new HttpClient(server.url).signIn('hostile@example.com');
    bystander = await new HttpClient(server.url).signIn('bystander@example.com');
  }, 90_000);
  afterAll(() => stop?.());

  /** The server answers another user, and has stayed within its memory. */
  async function stillServing() {
    expect(server.child.exitCode).toBeNull();
    expect((await bystander.request('GET', ROUTES.projects)).status).toBe(200);
    expect(peakRssMb(server.child.pid!)).toBeLessThan(PEAK_RSS_MB);
  }

  it('refuses an amplifying template in the estimate and the run', { timeout: 60_000 }, async () => {
    expect(await templateAmplification(hostile)).toEqual({ estimate: 400, run: 400 });
    await stillServing();
  });

  it('refuses a JSON Schema that refers to itself forever', { timeout: 60_000 }, async () => {
    expect(await selfReferringSchema(hostile)).toBe(400);
    await stillServing();
  });

  it(
    'previews a catastrophically backtracking regex at once, and refuses a backreference',
    { timeout: 60_000 },
    async () => {
      const { preview, verdicts, backreference } = await catastrophicRegex(hostile);
      expect(preview).toBe(200);
      expect(verdicts.map((v) => v.pass)).toEqual([false]);
      expect(backreference).toBe(400);
      await stillServing();
    },
  );

  it('refuses endpoint headers that would reroute or forge its own requests', { timeout: 60_000 }, async () => {
    const { created, message, updated } = await spoofingEndpointHeaders(hostile, server.url);
    expect({ created, updated }).toEqual({ created: 400, updated: 400 });
    expect(message).toMatch(/^Host, X-Forwarded-For, Content-Length cannot be set on an endpoint/);
    await stillServing();
  });

  // Before the paused streams: their run keeps the server busy a while after the test.
  for (const upload of hostileImports)
    it(`answers ${upload.status} to an import of ${upload.name}, /healthz answering within ${SLOWEST_HEALTHZ_MS} ms`, async () => {
      const body = upload.body();
      const probe = healthProbe(server.url);
      const answer = await sendImport(hostile, body);
      const slowest = await probe.stop();
      expect(answer.status, JSON.stringify(answer.body)).toBe(upload.status);
      expect(slowest).toBeLessThan(SLOWEST_HEALTHZ_MS);
      await stillServing();
    });

  it(
    `keeps ${LIMITS.liveStreamsPerUser} paused live streams of a user and refuses the rest`,
    { timeout: 90_000 },
    async () => {
      const streams = await pausedStreams(hostile, server.url);
      try {
        const open = streams.statuses.filter((status) => status === 200).length;
        expect(open).toBe(LIMITS.liveStreamsPerUser);
        expect(streams.statuses.filter((status) => status === 429)).toHaveLength(200 - open);
        await stillServing();
      } finally {
        streams.close();
      }
    },
  );
});
