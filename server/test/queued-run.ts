import { ROUTES } from '@promptgrid/contract';
import type { Database } from '../src/db/client.js';
import { startEvaluation } from '../src/evaluations/run.js';
import type { QueueEvents } from '../src/queue/events.js';
import { signedInClient, type createTestApp } from './harness.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A mock run of `configurations` x `inputs` requests, queued with no worker taking any: every row PENDING, for tests
 * that drive the queue or a worker themselves.
 */
export async function queuedRun(
  ctx: TestApp,
  {
    configurations,
    inputs,
    email,
  }: { configurations: number; inputs: number; /** whose run: a new user's without it */ email?: string },
) {
  const client = await signedInClient(ctx.app, email);
  const models = (await client.get(ROUTES.models)).json<{ id: number; model_name: string }[]>();
  const projectId = (await client.post(ROUTES.projects, { name: 'Queue', description: 'Queued run' })).json().id;
  const configurationIds: number[] = [];
  for (let n = 0; n < configurations; n++) {
    const response = await client.post(ROUTES.configurations(projectId), {
      name: `Prompt ${n}`,
      prompt_content: `You are assistant ${n}.`,
      ai_model_id: models.find((m) => m.model_name === 'gpt-4o-mini')!.id,
      parameters: { temperature: 0, max_tokens: null },
      provider_specific_params: {},
    });
    configurationIds.push(response.json().id);
  }
  const inputIds: number[] = [];
  for (let n = 0; n < inputs; n++)
    inputIds.push(
      (await client.post(ROUTES.inputs(projectId), { name: `Input ${n}`, content: `Question ${n}` })).json().id,
    );
  const run = await startEvaluation(
    ctx.database,
    client.user.id,
    { configuration_ids: configurationIds, input_ids: inputIds, name: '', use_mock: true, repetitions: 1 },
    { freeEvaluationsPerMonth: 0, maxActiveRunsPerUser: 1000 },
  );
  return {
    evaluationId: run.evaluation_id,
    userId: client.user.id,
    rows: () => requestRows(ctx.database, run.evaluation_id),
  };
}

export type RequestRow = {
  id: number;
  evaluation_id: number;
  status: string;
  attempts: number;
  claimed_by: string | null;
  leased: boolean | null;
  error_message: string | null;
};

/** An evaluation's api requests in id order; `leased`: the lease has not expired (null: no lease). */
export async function requestRows(database: Database, evaluationId: number): Promise<RequestRow[]> {
  const { rows } = await database.executeSql<RequestRow>(
    `SELECT id, evaluation_id, status, attempts, claimed_by, lease_expires_at > now() AS leased, error_message
       FROM api_requests WHERE evaluation_id = $1 ORDER BY id`,
    [evaluationId],
  );
  return rows;
}

/**
 * Resolves once the evaluation is complete: at once if it already is, else when a worker's write completes it.
 * Rejects after `timeoutMs` with what the database holds, so a stuck run fails with a reason.
 */
export async function evaluationCompleted(
  events: QueueEvents,
  database: Database,
  evaluationId: number,
  timeoutMs = 20_000,
): Promise<void> {
  let listener!: (event: { completedGroups: number[] }) => void;
  const written = new Promise<void>((resolve) => {
    listener = ({ completedGroups }) => completedGroups.includes(evaluationId) && resolve();
    events.on('batch:written', listener);
  });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void requestRows(database, evaluationId).then(
        (rows) =>
          reject(new Error(`evaluation ${evaluationId} not complete: ${JSON.stringify(rows.map((r) => r.status))}`)),
        reject,
      );
    }, timeoutMs);
  });
  try {
    const { rows } = await database.executeSql('SELECT completed_at FROM evaluations WHERE id = $1', [evaluationId]);
    if (rows[0]?.completed_at) return;
    await Promise.race([written, timedOut]);
  } finally {
    clearTimeout(timer);
    events.off('batch:written', listener);
  }
}
