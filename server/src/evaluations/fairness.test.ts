import { describe, expect, it } from 'vitest';
import { ROUTES } from '@promptgrid/contract';
import { databaseKinds } from '../../test/harness.js';
import { useFakeProviderApp, userWithConfiguration } from '../../test/fake-provider-app.js';
import { evaluationCompleted } from '../../test/queued-run.js';
import { inputs } from '../db/schema.js';
import type { QueueEvents } from '../queue/events.js';

const KEY = 'sk-good-openai-fairness';

type Setting = ReturnType<typeof useFakeProviderApp>;

/** A signed-in user with the fake's key, a project of `count` inputs and one configuration: ready to run. */
async function userReadyToRun({ ctx }: Setting, count: number) {
  const { client, projectId, configurationId } = await userWithConfiguration(ctx.app, { apiKey: KEY });
  // Thousands of inputs: written in one statement rather than one request each.
  const rows = Array.from({ length: count }, (_, n) => ({
    projectId,
    name: `Q${n}`,
    content: `Question ${n}`,
    tokenCount: 3,
  }));
  const inputIds = (await ctx.database.db.insert(inputs).values(rows).returning({ id: inputs.id })).map((r) => r.id);
  const run = async () => {
    const response = await client.post(ROUTES.runEvaluation, {
      configuration_ids: [configurationId],
      input_ids: inputIds,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().evaluation_id as number;
  };
  return { client, run };
}

const finishedRequests = async ({ ctx }: Setting, evaluationId: number) => {
  const { rows } = await ctx.database.executeSql<{ finished_requests: number }>(
    'SELECT finished_requests FROM evaluations WHERE id = $1',
    [evaluationId],
  );
  return rows.at(0)?.finished_requests;
};

/** Resolves once `count` tasks of the run have ended. */
const tasksEnded = (events: QueueEvents, evaluationId: number, count: number) =>
  new Promise<void>((resolve) => {
    let ended = 0;
    const listener = ({ group }: { group: number }) => {
      if (group === evaluationId && ++ended === count) {
        events.off('task:completed', listener);
        resolve();
      }
    };
    events.on('task:completed', listener);
  });

describe.each(databaseKinds)('workers are fair to every user on %s', (kind) => {
  const setting = useFakeProviderApp(kind, {
    apiKey: KEY,
    latencyMs: 50,
    env: { EVAL_CONCURRENCY: '8', FREE_EVALUATIONS_PER_MONTH: '100', MAX_ACTIVE_RUNS_PER_USER: '5' },
  });

  it("finishes a 10-call run started after another user's 5,000-call run before that run is a fifth done", async () => {
    const a = await userReadyToRun(setting, 5000);
    const b = await userReadyToRun(setting, 10);
    const big = await a.run();
    // The big run has the workers' slots: B starts while A's calls are being made.
    await tasksEnded(setting.events, big, 16);
    const small = await b.run();
    await evaluationCompleted(setting.events, setting.ctx.database, small, 20_000);
    const bigDone = await finishedRequests(setting, big);
    expect(bigDone).toBeLessThan(1000);
    expect((await a.client.post(ROUTES.cancelEvaluation(big))).statusCode).toBe(200);
  });
});

describe.each(databaseKinds)("one user's runs take at most their share of the workers on %s", (kind) => {
  const setting = useFakeProviderApp(kind, {
    apiKey: KEY,
    latencyMs: 50,
    env: { EVAL_CONCURRENCY: '8', FREE_EVALUATIONS_PER_MONTH: '100', MAX_WORKER_SHARE_PER_USER: '0.5' },
  });

  it('runs at most half of the 8 slots of a lane for a user alone', async () => {
    const user = await userReadyToRun(setting, 40);
    let running = 0;
    let most = 0;
    const started = () => (most = Math.max(most, ++running));
    const ended = () => running--;
    setting.events.on('task:started', started);
    setting.events.on('task:completed', ended);
    setting.events.on('task:failed', ended);
    try {
      const id = await user.run();
      await evaluationCompleted(setting.events, setting.ctx.database, id, 20_000);
    } finally {
      setting.events.off('task:started', started);
      setting.events.off('task:completed', ended);
      setting.events.off('task:failed', ended);
    }
    expect(most).toBe(4);
  });
});
