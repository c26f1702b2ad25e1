import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '@promptgrid/contract';
import { createTestApp, databaseKinds, signedInClient } from '../../test/harness.js';
import type { Lane } from '../providers/types.js';
import { getTableName } from 'drizzle-orm';
import type { Database, Tx } from '../db/client.js';
import { startEvaluation } from './run.js';
import type { ClaimedRequest, EvaluationContext, LocalWorker } from './hand-over.js';

/** Stands in for the server's own worker, so what a run hands it (and what it leaves to the queue) can be read. */
class RecordingWorker implements LocalWorker {
  readonly id = 'recording-worker';
  readonly leaseMs = 60_000;
  handed: { context: EvaluationContext; rows: ClaimedRequest[]; committed: Promise<boolean> }[] = [];
  constructor(
    private readonly rooms: Partial<Record<Lane, number>>,
    private readonly failOnHandOver = false,
    /** When the calls it was handed have started, as the real worker's adopt reports. */
    private readonly callsStarted: Promise<void> = Promise.resolve(),
  ) {}
  room(lane: Lane) {
    return this.rooms[lane] ?? 0;
  }
  offerKeys() {}
  async adopt(context: EvaluationContext, rows: ClaimedRequest[], committed: Promise<boolean>) {
    this.handed.push({ context, rows, committed });
    if (this.failOnHandOver) throw new Error('the database went away');
    await this.callsStarted;
  }
}

/** The database, with each insert through a transaction's query builder noted in `order` (by table name). */
function recordingWrites(database: Database, order: string[]): Database {
  const db = new Proxy(database.db, {
    get(target, property, receiver) {
      if (property !== 'transaction') return Reflect.get(target, property, receiver);
      return (work: (tx: Tx) => Promise<unknown>) =>
        target.transaction((tx) =>
          work(
            new Proxy(tx, {
              get(txTarget, txProperty, txReceiver) {
                if (txProperty !== 'insert') return Reflect.get(txTarget, txProperty, txReceiver);
                return (table: Parameters<Tx['insert']>[0]) => {
                  order.push(`insert ${getTableName(table)}`);
                  return txTarget.insert(table);
                };
              },
            }),
          ),
        );
    },
  });
  return { ...database, db };
}

// These runs are never finished (no worker writes their outcomes): room for all of them.
const limits = { freeEvaluationsPerMonth: 50, maxActiveRunsPerUser: 100 };

describe.each(databaseKinds)('starting a run on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let userId: number;
  let configurationIds: number[];
  let inputIds: number[];

  beforeAll(async () => {
    ctx = await createTestApp(kind); // no workers of its own: only the recording one takes rows
    const client = await signedInClient(ctx.app);
    userId = client.user.id;
    const models = (await client.get(ROUTES.models)).json<{ id: number; model_name: string }[]>();
    const projectId = (await client.post(ROUTES.projects, { name: 'P', description: 'D' })).json().id;
    configurationIds = [];
    for (const model of ['gpt-4.1', 'claude-sonnet-4-6', 'gpt-5']) {
      const response = await client.post(ROUTES.configurations(projectId), {
        name: model,
        prompt_content: `You are ${model}.`,
        ai_model_id: models.find((m) => m.model_name === model)!.id,
        parameters: { temperature: 0, max_tokens: null },
        provider_specific_params: {},
      });
      expect(response.statusCode, response.body).toBe(201);
      configurationIds.push(response.json().id);
    }
    inputIds = [];
    for (const n of [1, 2, 3])
      inputIds.push(
        (await client.post(ROUTES.inputs(projectId), { name: `Input ${n}`, content: `Question ${n}` })).json().id,
      );
    await client.post(ROUTES.apiKeys, { provider: 'openai', key: 'sk-test-openai' });
    await client.post(ROUTES.apiKeys, { provider: 'anthropic', key: 'sk-ant-test' });
  });
  afterAll(() => ctx?.close());

  /** Starts a run of every configuration on every input, handing what it claims to `worker`. */
  const startRun = (worker: LocalWorker, useMock = true, database: Database = ctx.database) =>
    startEvaluation(
      database,
      userId,
      { configuration_ids: configurationIds, input_ids: inputIds, name: '', use_mock: useMock, repetitions: 1 },
      limits,
      worker,
    );

  const rowsOf = async (evaluationId: number) =>
    (
      await ctx.database.executeSql(
        `SELECT id, input_id, configuration_id, provider, status, attempts, claimed_by, lease_expires_at > now() AS leased
           FROM api_requests WHERE evaluation_id = $1 ORDER BY id`,
        [evaluationId],
      )
    ).rows;

  it("claims each lane's first rows for the own worker in the run's transaction; queues the rest input-major", async () => {
    const worker = new RecordingWorker({ openai: 3, anthropic: 2 });
    const run = await startRun(worker, false);
    expect(run.total_requests).toBe(9);

    const rows = await rowsOf(run.evaluation_id);
    // Input-major: every configuration of input 1, then of input 2, then of input 3; ids ascending in that order.
    expect(rows.map((r) => [r.input_id, r.configuration_id])).toEqual(
      inputIds.flatMap((i) => configurationIds.map((c) => [i, c])),
    );
    // The first 3 OpenAI rows (positions 1, 3, 4) and the first 2 Anthropic rows (positions 2, 5) are the worker's.
    const claimed = rows.map((r) => (r.status === 'IN_PROGRESS' ? r.provider : '-'));
    expect(claimed).toEqual(['openai', 'anthropic', 'openai', 'openai', 'anthropic', '-', '-', '-', '-']);
    for (const row of rows.slice(0, 5))
      expect(row).toMatchObject({ attempts: 1, claimed_by: 'recording-worker', leased: true });
    for (const row of rows.slice(5)) expect(row).toMatchObject({ status: 'PENDING', attempts: 0, claimed_by: null });

    expect(worker.handed).toHaveLength(1);
    const [handed] = worker.handed;
    expect(handed.rows.map((r) => r.id)).toEqual(rows.slice(0, 5).map((r) => r.id));
    expect(handed.rows.map((r) => r.provider)).toEqual(['openai', 'anthropic', 'openai', 'openai', 'anthropic']);
    expect(handed.context.userId).toBe(userId);
    expect([...handed.context.configurations.keys()]).toEqual(configurationIds);
    await expect(handed.committed).resolves.toBe(true);
  });

  it("writes the run's rows, and commits, only once the calls handed over have started", async () => {
    let callsStarted!: () => void;
    const worker = new RecordingWorker({ mock: 2 }, false, new Promise<void>((resolve) => (callsStarted = resolve)));
    const order: string[] = [];
    const running = startRun(worker, true, recordingWrites(ctx.database, order));
    await vi.waitFor(() => expect(worker.handed).toHaveLength(1));
    expect(order).toEqual([]);
    void worker.handed[0].committed.then(() => order.push('committed'));

    order.push('calls started');
    callsStarted();
    const run = await running;
    expect(order).toEqual(['calls started', 'insert evaluations', 'committed']);
    expect((await rowsOf(run.evaluation_id)).map((r) => r.status)).toEqual([
      ...Array(2).fill('IN_PROGRESS'),
      ...Array(7).fill('PENDING'),
    ]);
  });

  it('queues every row when the worker has no room, and leaves nothing behind when the transaction fails after the hand-over', async () => {
    const full = new RecordingWorker({});
    const queued = await startRun(full);
    expect(full.handed).toHaveLength(0);
    expect((await rowsOf(queued.evaluation_id)).map((r) => r.status)).toEqual(Array(9).fill('PENDING'));

    const failing = new RecordingWorker({ mock: 4 }, true);
    const before = (await ctx.database.executeSql('SELECT count(*)::int AS n FROM api_requests', [])).rows[0].n;
    await expect(startRun(failing)).rejects.toThrow('the database went away');
    expect(failing.handed[0].rows).toHaveLength(4);
    await expect(failing.handed[0].committed).resolves.toBe(false);
    expect((await ctx.database.executeSql('SELECT count(*)::int AS n FROM api_requests', [])).rows[0].n).toBe(before);
  });
});
