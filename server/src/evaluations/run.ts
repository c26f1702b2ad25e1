import { sql } from 'drizzle-orm';
import {
  PROVIDER_LABELS,
  defaultEvaluationName,
  missingKeyMessage,
  type Provider,
  type RunEvaluationInput,
  type RunEvaluationResponse,
} from '@promptgrid/contract';
import { type Database, type Tx, queryRows } from '../db/client.js';
import { evaluations, type RunSnapshot } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { consumeEvaluationQuota } from '../billing/quota.js';
import { activeSealedKeys } from '../api-keys/service.js';
import { preloadSdks } from '../providers/call.js';
import type { Lane } from '../providers/types.js';
import { addTasks } from '../queue/sql/add.js';
import { CALL_TABLE } from './tasks/tables.js';
import type { RunPrompts } from './templates.js';
import { planRun } from './run-plan.js';
import { assertJudgeKeys } from './judge-keys.js';
import { returnedRow } from '../db/rows.js';

/**
 * Validates the run, then in one transaction counts it against the quota (real runs), freezes what it runs into the
 * evaluation's snapshot and adds one call task (a PENDING api request) per (input, configuration) pair — or per
 * configuration when no input was chosen. The tasks commit with the evaluation; any worker, in this process or
 * another, takes them from the queue (the INSERT's trigger announces them at commit).
 */
export async function startEvaluation(
  database: Database,
  userId: number,
  input: Omit<RunEvaluationInput, 'repetitions'> & { repetitions?: number },
  limits: RunLimits,
): Promise<RunEvaluationResponse> {
  const { db } = database;
  const { projectId, snapshot, prompts } = await planRun(db, userId, input);
  const companies = [...new Set(snapshot.configurations.map((c) => c.ai_model.company))];
  // An endpoint's model needs no stored key: the endpoint has its own, or takes none.
  const neededProviders = companies.filter((company): company is Provider => company !== 'custom');
  const repetitions = input.repetitions ?? 1;
  const totalRequests = snapshot.configurations.length * Math.max(1, snapshot.inputs.length) * repetitions;

  if (!input.use_mock) preloadSdks(companies);
  const laneOf = (c: RunSnapshot['configurations'][number]): Lane => (input.use_mock ? 'mock' : c.ai_model.company);
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
      await assertJudgeKeys(
        tx,
        userId,
        projectId,
        snapshot.inputs.map((i) => i.id),
      );
      await consumeEvaluationQuota(tx, userId, limits.freeEvaluationsPerMonth);
    }
    const { id } = returnedRow(
      await tx
        .insert(evaluations)
        .values({
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
        })
        .returning({ id: evaluations.id }),
    );
    // Each input's rows come `repetitions` times in a row (repetition-major within the input), so the first
    // repetition of every pair of an input is added, claimed and answered first.
    const runInputIds = snapshot.inputs.length > 0 ? snapshot.inputs.map((i) => i.id) : [null];
    const shape: RunShape = {
      inputs: runInputIds.flatMap((inputId) =>
        Array.from({ length: repetitions }, (_, repetition) => ({ id: inputId, repetition })),
      ),
      lanes: snapshot.configurations.map((c) => ({ id: c.id, version: c.version!, provider: laneOf(c) })),
    };
    const repeatedPrompts: RunPrompts = prompts && prompts.flatMap((p) => Array<typeof p>(repetitions).fill(p));
    await tx.execute(addRequests(id, shape, repeatedPrompts));
    return id;
  });
  return { evaluation_id: evaluationId, total_requests: totalRequests, results: [], errors: [] };
}

export type RunLimits = { freeEvaluationsPerMonth: number | null; maxActiveRunsPerUser: number };

/**
 * 429 when the user already has `max` runs in progress (mock runs too: they cost the server as much). The user's row is
 * locked first, so two runs started at once by one user are counted one after the other; the count is its own statement
 * because a statement that waited for the lock still reads from the snapshot it took before waiting.
 */
export async function assertRunSlotFree(tx: Tx, userId: number, max: number) {
  await tx.execute(sql`SELECT 1 FROM users WHERE id = ${userId}::int FOR NO KEY UPDATE`);
  const { active } = returnedRow(
    await queryRows<{ active: number }>(
      tx,
      sql`SELECT count(*)::int AS active FROM evaluations WHERE user_id = ${userId}::int AND completed_at IS NULL`,
    ),
  );
  if (active >= max) {
    throw new HttpError(
      429,
      `You already have ${max} evaluation${max === 1 ? '' : 's'} running. Wait for one to finish before starting another.`,
    );
  }
}

/**
 * What a run's rows are made of: its inputs (or none: null), each once per repetition, and configurations, each with
 * the version that runs and the lane it runs in.
 */
type RunShape = {
  inputs: { id: number | null; repetition: number }[];
  lanes: { id: number; version: number; provider: Lane }[];
};

/**
 * The INSERT of the run's call tasks in input-major order (so the first input's results complete first), in one
 * statement however large the run: ascending ids in that order, which is the order workers claim them in. The rows
 * are built here and sent as one array per column, zipped by `unnest`: the run's transaction commits before any
 * worker can claim its first task, and reading the rows out of JSON documents was about half of the INSERT's time on
 * the embedded database (the rest is the rows, their indexes and the per-row foreign key check).
 */
function addRequests(evaluationId: number, { inputs, lanes }: RunShape, prompts: RunPrompts) {
  const rows = inputs.length * lanes.length;
  const columns = {
    inputId: new Array<number | null>(rows),
    repetition: new Array<number>(rows),
    configurationId: new Array<number>(rows),
    configurationVersion: new Array<number>(rows),
    provider: new Array<string>(rows),
    systemPrompt: new Array<string | null>(rows),
    messages: new Array<string | null>(rows),
  };
  let row = 0;
  for (const [i, input] of inputs.entries()) {
    for (const [c, lane] of lanes.entries()) {
      columns.inputId[row] = input.id;
      columns.repetition[row] = input.repetition;
      columns.configurationId[row] = lane.id;
      columns.configurationVersion[row] = lane.version;
      columns.provider[row] = lane.provider;
      // Filled-in texts (templated runs only), by position: per input, each configuration's system prompt and turns.
      columns.systemPrompt[row] = prompts?.[i]?.system[c] ?? null;
      const turns = prompts?.[i]?.turns[c];
      columns.messages[row] = turns ? JSON.stringify(turns) : null;
      row++;
    }
  }
  return addTasks(
    CALL_TABLE,
    sql`evaluation_id, input_id, repetition, configuration_id, configuration_version, provider, system_prompt, messages`,
    sql`
    SELECT ${evaluationId}::int, r.input_id, r.repetition, r.configuration_id, r.configuration_version, r.provider,
           r.system_prompt, r.messages::jsonb
      FROM unnest(${sql.param(columns.inputId)}::int[], ${sql.param(columns.repetition)}::int[],
                  ${sql.param(columns.configurationId)}::int[], ${sql.param(columns.configurationVersion)}::int[],
                  ${sql.param(columns.provider)}::text[], ${sql.param(columns.systemPrompt)}::text[],
                  ${sql.param(columns.messages)}::text[])
           WITH ORDINALITY AS r(input_id, repetition, configuration_id, configuration_version, provider, system_prompt,
                                messages, n)
     ORDER BY r.n`,
  );
}
