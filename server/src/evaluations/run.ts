import { sql } from 'drizzle-orm';
import {
  PROVIDER_LABELS,
  defaultEvaluationName,
  missingKeyMessage,
  type Provider,
  type RunEvaluationInput,
  type RunEvaluationResponse,
} from '@promptgrid/contract';
import type { Database, Tx } from '../db/client.js';
import { evaluations, type RunSnapshot } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { consumeEvaluationQuota } from '../billing/quota.js';
import { activeSealedKeys } from '../api-keys/service.js';
import { preloadSdks } from '../providers/call.js';
import type { Lane } from '../providers/types.js';
import { evaluationContext, WORK_CHANNEL, type ClaimedRequest, type LocalWorker } from './hand-over.js';
import { sentPromptsOfRow, type RunPrompts, type SentPrompts } from './templates.js';
import { planRun } from './run-plan.js';

/**
 * Validates the run, then in one transaction counts it against the quota (real runs), freezes what it runs
 * into the evaluation's snapshot and creates one PENDING api request per (input, configuration) pair —
 * or per configuration when no input was chosen. Workers pick the requests up from there; this process's own worker
 * (`local`) gets the first rows of each lane claimed for it in the same transaction: their ids are taken from the
 * sequences first, so their calls start before any of the run's rows is written (decision 0008). Their outcomes are
 * kept until the transaction has ended.
 */
export async function startEvaluation(
  database: Database,
  userId: number,
  input: Omit<RunEvaluationInput, 'repetitions'> & { repetitions?: number },
  limits: RunLimits,
  local: LocalWorker | null = null,
): Promise<RunEvaluationResponse> {
  const { db } = database;
  const { projectId, snapshot, prompts } = await planRun(db, userId, input);
  const neededProviders = [...new Set(snapshot.configurations.map((c) => c.ai_model.company))];
  const repetitions = input.repetitions ?? 1;
  const totalRequests = snapshot.configurations.length * Math.max(1, snapshot.inputs.length) * repetitions;

  if (!input.use_mock) preloadSdks(neededProviders);
  const laneOf = (c: RunSnapshot['configurations'][number]): Lane => (input.use_mock ? 'mock' : c.ai_model.company);
  let commit!: (committed: boolean) => void;
  const committed = new Promise<boolean>((resolve) => (commit = resolve));
  try {
    const evaluationId = await db.transaction(async (tx) => {
      await assertRunSlotFree(tx, userId, limits.maxActiveRunsPerUser);
      if (!input.use_mock) {
        const keys = await activeSealedKeys(tx, userId);
        const missing = neededProviders.filter((provider) => !keys.some((key) => key.provider === provider));
        if (missing.length > 0) {
          const modelsOf = (provider: Provider) =>
            snapshot.configurations.filter((c) => c.ai_model.company === provider).map((c) => c.ai_model.model_name);
          const messages = missing.map((provider) => missingKeyMessage(provider, modelsOf(provider)));
          throw new HttpError(400, messages.join(' '), {
            api_key: messages,
            providers: missing.map((p) => PROVIDER_LABELS[p]),
          });
        }
        local?.offerKeys(keys.filter((key) => neededProviders.includes(key.provider)));
        await consumeEvaluationQuota(tx, userId, limits.freeEvaluationsPerMonth);
      }
      // Each input's rows come `repetitions` times in a row (repetition-major within the input), so the first
      // repetition of every pair of an input is written, claimed and answered first.
      const runInputIds = snapshot.inputs.length > 0 ? snapshot.inputs.map((i) => i.id) : [null];
      const shape: RunShape = {
        inputs: runInputIds.flatMap((id) =>
          Array.from({ length: repetitions }, (_, repetition) => ({ id, repetition })),
        ),
        lanes: snapshot.configurations.map((c) => ({ id: c.id, version: c.version!, provider: laneOf(c) })),
      };
      const head = planHead(shape, local);
      const repeatedPrompts: RunPrompts = prompts && prompts.flatMap((p) => Array<typeof p>(repetitions).fill(p));
      const { evaluationId: id, requestIds } = await reserveIds(tx, head.length);
      const headRows = head.map((row, n) => ({
        ...row,
        ...sentPromptsOfRow(repeatedPrompts, n, shape.lanes.length),
        id: requestIds[n],
      }));
      const claimed: ClaimedRequest[] = headRows
        .filter((row) => row.claimed)
        .map((row) => ({
          id: row.id,
          evaluation_id: id,
          input_id: row.input_id,
          configuration_id: row.configuration_id,
          attempts: 1,
          provider: row.provider,
          system_prompt: row.system_prompt,
          user_prompt: row.user_prompt,
        }));
      // The first calls start before the run's rows are written: writing them competes with sending those calls for the CPU.
      if (claimed.length > 0)
        await local!.adopt(evaluationContext(userId, snapshot, input.budget_usd ?? null), claimed, committed);
      await tx.insert(evaluations).values({
        id,
        userId,
        projectId,
        name: input.name || defaultEvaluationName(),
        useMock: input.use_mock,
        totalRequests,
        repetitions,
        snapshot,
        costUsd: 0,
        judgeCostUsd: 0,
        budgetUsd: input.budget_usd ?? null,
      });
      await insertRequests(tx, id, shape, headRows, local, repeatedPrompts);
      return id;
    });
    commit(true);
    if (database.kind === 'postgres') await database.executeSql(`NOTIFY ${WORK_CHANNEL}`).catch(() => {});
    return { evaluation_id: evaluationId, total_requests: totalRequests, results: [], errors: [] };
  } catch (error) {
    commit(false);
    throw error;
  }
}

export type RunLimits = { freeEvaluationsPerMonth: number; maxActiveRunsPerUser: number };

/**
 * 429 when the user already has `max` runs in progress (mock runs too: they cost the server as much). The user's row is
 * locked first, so two runs started at once by one user are counted one after the other; the count is its own statement
 * because a statement that waited for the lock still reads from the snapshot it took before waiting.
 */
export async function assertRunSlotFree(tx: Tx, userId: number, max: number) {
  await tx.execute(sql`SELECT 1 FROM users WHERE id = ${userId}::int FOR NO KEY UPDATE`);
  const { rows } = (await tx.execute(
    sql`SELECT count(*)::int AS active FROM evaluations WHERE user_id = ${userId}::int AND completed_at IS NULL`,
  )) as { rows: { active: number }[] };
  if (rows[0].active >= max) {
    throw new HttpError(
      429,
      `You already have ${max} evaluation${max === 1 ? '' : 's'} running. Wait for one to finish before starting another.`,
    );
  }
}

type HeadRow = {
  input_id: number | null;
  repetition: number;
  configuration_id: number;
  configuration_version: number;
  provider: Lane;
  claimed: boolean;
};
/**
 * What a run's rows are made of: its inputs (or none: null), each once per repetition, and configurations, each with
 * the version that runs and the lane it runs in.
 */
type RunShape = {
  inputs: { id: number | null; repetition: number }[];
  lanes: { id: number; version: number; provider: Lane }[];
};

/**
 * The run's first rows in input-major order, up to the last one the local worker takes: the first `room` rows of each
 * lane are claimed for it. Empty without a local worker or room.
 */
function planHead({ inputs, lanes }: RunShape, local: LocalWorker | null): HeadRow[] {
  const room = new Map<Lane, number>();
  if (local) for (const { provider } of lanes) if (!room.has(provider)) room.set(provider, local.room(provider));
  let unclaimed = [...room.values()].reduce((sum, n) => sum + n, 0);
  const head: HeadRow[] = [];
  for (const { id: inputId, repetition } of inputs) {
    if (unclaimed === 0) break;
    for (const lane of lanes) {
      if (unclaimed === 0) break;
      const left = room.get(lane.provider)!;
      if (left > 0) {
        room.set(lane.provider, left - 1);
        unclaimed--;
      }
      head.push({
        input_id: inputId,
        repetition,
        configuration_id: lane.id,
        configuration_version: lane.version,
        provider: lane.provider,
        claimed: left > 0,
      });
    }
  }
  return head;
}

/** The run's evaluation id and its head rows' ids, taken from their sequences before any row is written. */
async function reserveIds(tx: Tx, headLength: number): Promise<{ evaluationId: number; requestIds: number[] }> {
  const { rows } = (await tx.execute(sql`
    SELECT nextval('evaluations_id_seq')::int AS evaluation_id,
           ARRAY(SELECT nextval('api_requests_id_seq')::int FROM generate_series(1, ${headLength}::int)) AS request_ids`)) as {
    rows: { evaluation_id: number; request_ids: number[] }[];
  };
  return { evaluationId: rows[0].evaluation_id, requestIds: rows[0].request_ids };
}

/**
 * Writes the run's api requests in input-major order (so the first input's results complete first) in two statements:
 * the head with its reserved ids (the rows claimed for the local worker IN_PROGRESS under its lease, as a claim would
 * leave them; a head exists only with a local worker), then the rest, PENDING, in one statement however large the run.
 */
async function insertRequests(
  tx: Tx,
  evaluationId: number,
  { inputs, lanes }: RunShape,
  head: (HeadRow & SentPrompts & { id: number })[],
  local: LocalWorker | null,
  prompts: RunPrompts,
) {
  if (head.length > 0) {
    await tx.execute(sql`
      INSERT INTO api_requests (id, evaluation_id, input_id, repetition, configuration_id, configuration_version, provider,
                                system_prompt, user_prompt, status, attempts, claimed_by, lease_expires_at)
      SELECT h.id, ${evaluationId}::int, h.input_id, h.repetition, h.configuration_id, h.configuration_version, h.provider,
             h.system_prompt, h.user_prompt,
             CASE WHEN h.claimed THEN 'IN_PROGRESS' ELSE 'PENDING' END, CASE WHEN h.claimed THEN 1 ELSE 0 END,
             CASE WHEN h.claimed THEN ${local!.id}::text END,
             CASE WHEN h.claimed THEN now() + ${local!.leaseMs}::int * interval '1 millisecond' END
        FROM jsonb_to_recordset(${JSON.stringify(head)}::jsonb)
          AS h(id int, input_id int, repetition int, configuration_id int, configuration_version int, provider text,
               system_prompt text, user_prompt text, claimed boolean)`);
  }
  // Filled-in texts (templated runs only) are looked up by position: per input, its user prompt and system prompts.
  const filled = JSON.stringify(prompts);
  await tx.execute(sql`
    INSERT INTO api_requests (evaluation_id, input_id, repetition, configuration_id, configuration_version, provider,
                              system_prompt, user_prompt)
    SELECT ${evaluationId}::int, (i.value->>'id')::int, (i.value->>'repetition')::int, (c.value->>'id')::int,
           (c.value->>'version')::int, c.value->>'provider',
           ${filled}::jsonb -> (i.n - 1)::int -> 'system' ->> (c.n - 1)::int, ${filled}::jsonb -> (i.n - 1)::int ->> 'user'
      FROM jsonb_array_elements(${JSON.stringify(inputs)}::jsonb) WITH ORDINALITY AS i(value, n)
     CROSS JOIN jsonb_array_elements(${JSON.stringify(lanes)}::jsonb) WITH ORDINALITY AS c(value, n)
     WHERE (i.n - 1) * ${lanes.length}::int + c.n > ${head.length}::int
     ORDER BY i.n, c.n`);
}
