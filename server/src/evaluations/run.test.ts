import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@promptgrid/contract';
import { createTestApp, databaseKinds, signedInClient } from '../../test/harness.js';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../db/client.js';
import { startEvaluation } from './run.js';
import { itemAt } from '@promptgrid/test-support';

const dialect = new PgDialect();

/** The database, its transactions failing at the statement that adds the run's tasks (after the evaluation's insert). */
function failingAtTasks(database: Database): Database {
  const db = new Proxy(database.db, {
    get(target, property, receiver) {
      if (property !== 'transaction') return Reflect.get(target, property, receiver);
      return (work: (tx: Tx) => Promise<unknown>) =>
        target.transaction((tx) =>
          work(
            new Proxy(tx, {
              get(txTarget, txProperty, txReceiver) {
                if (txProperty !== 'execute') return Reflect.get(txTarget, txProperty, txReceiver);
                return (statement: SQL) => {
                  if (dialect.sqlToQuery(statement).sql.includes('INSERT INTO api_requests'))
                    throw new Error('the database went away');
                  return txTarget.execute(statement);
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
    ctx = await createTestApp(kind); // no worker: the tasks stay as the run added them
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

  /** Starts a run of every configuration on every input. */
  const startRun = (useMock = true, database: Database = ctx.database) =>
    startEvaluation(
      database,
      userId,
      { configuration_ids: configurationIds, input_ids: inputIds, name: '', use_mock: useMock, repetitions: 1 },
      limits,
    );

  const rowsOf = async (evaluationId: number) =>
    (
      await ctx.database.executeSql(
        `SELECT id, input_id, configuration_id, provider, status, attempts, claimed_by, lease_expires_at
           FROM api_requests WHERE evaluation_id = $1 ORDER BY id`,
        [evaluationId],
      )
    ).rows;
  const count = async (table: string) =>
    itemAt((await ctx.database.executeSql<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`, [])).rows, 0).n;

  it("adds every call task ready in the run's transaction, input-major, on its provider's lane, held by no one", async () => {
    const run = await startRun(false);
    expect(run.total_requests).toBe(9);

    const rows = await rowsOf(run.evaluation_id);
    // Input-major: every configuration of input 1, then of input 2, then of input 3; ids ascending in that order.
    expect(rows.map((r) => [r.input_id, r.configuration_id])).toEqual(
      inputIds.flatMap((i) => configurationIds.map((c) => [i, c])),
    );
    expect(rows.map((r) => r.provider)).toEqual(Array(3).fill(['openai', 'anthropic', 'openai']).flat());
    for (const row of rows)
      expect(row).toMatchObject({ status: 'PENDING', attempts: 0, claimed_by: null, lease_expires_at: null });
  });

  it('leaves neither the evaluation nor any task behind when adding the tasks fails', async () => {
    const [evaluationsBefore, requestsBefore] = [await count('evaluations'), await count('api_requests')];
    await expect(startRun(true, failingAtTasks(ctx.database))).rejects.toThrow('the database went away');
    expect(await count('evaluations')).toBe(evaluationsBefore);
    expect(await count('api_requests')).toBe(requestsBefore);
  });
});
