import { and, eq, inArray, sql } from 'drizzle-orm';
import { PROVIDER_LABELS, defaultEvaluationName, type RunEvaluationInput, type RunEvaluationResponse } from '@promptgrid/contract';
import type { Database, Tx } from '../db/client.js';
import { aiModels, configurations, evaluations, inputs, projects, type EvaluationSnapshot } from '../db/schema.js';
import { HttpError, badRequest, notFound } from '../http/errors.js';
import { consumeEvaluationQuota } from '../billing/quota.js';
import { activeSealedKeys, missingKeyMessage } from '../api-keys/service.js';
import { preloadSdks } from '../providers/call.js';
import type { Lane } from '../providers/types.js';
import { evaluationContext, WORK_CHANNEL, type ClaimedRequest, type LocalWorker } from './worker.js';

const unique = (ids: number[]) => [...new Set(ids)];

/**
 * Validates the run, then in one transaction counts it against the quota (real runs), freezes what it runs
 * into the evaluation's snapshot and creates one PENDING api request per (input, configuration) pair —
 * or per configuration when no input was chosen. Workers pick the requests up from there; this process's own worker
 * (`local`) gets the first rows of each lane claimed for it in the same transaction and starts them on commit.
 */
export async function startEvaluation(
  database: Database,
  userId: number,
  input: RunEvaluationInput,
  freeEvaluationsPerMonth: number,
  local: LocalWorker | null = null,
): Promise<RunEvaluationResponse> {
  const { db } = database;
  const configurationIds = unique(input.configuration_ids);
  const inputIds = unique(input.input_ids);

  const configRows = await db
    .select({ configuration: configurations, model: aiModels })
    .from(configurations)
    .innerJoin(aiModels, eq(aiModels.id, configurations.aiModelId))
    .innerJoin(projects, eq(projects.id, configurations.projectId))
    .where(and(inArray(configurations.id, configurationIds), eq(projects.userId, userId)));
  if (configRows.length !== configurationIds.length) throw notFound('Configuration not found.');
  const inputRows =
    inputIds.length === 0
      ? []
      : await db
          .select({ input: inputs })
          .from(inputs)
          .innerJoin(projects, eq(projects.id, inputs.projectId))
          .where(and(inArray(inputs.id, inputIds), eq(projects.userId, userId)));
  if (inputRows.length !== inputIds.length) throw notFound('Input not found.');

  const projectIds = new Set([...configRows.map((r) => r.configuration.projectId), ...inputRows.map((r) => r.input.projectId)]);
  if (projectIds.size !== 1) throw badRequest({ non_field_errors: ['All prompts and inputs of a run must belong to one project.'] });
  const [projectId] = projectIds;

  // Keep the order the caller chose.
  const configById = new Map(configRows.map((r) => [r.configuration.id, r]));
  const inputById = new Map(inputRows.map((r) => [r.input.id, r.input]));
  const snapshot: EvaluationSnapshot = {
    configurations: configurationIds.map((id) => {
      const { configuration: c, model: m } = configById.get(id)!;
      return {
        id: c.id,
        name: c.name,
        prompt_content: c.promptContent,
        ai_model: { id: m.id, company: m.company, model_name: m.modelName, capabilities: m.capabilities },
        parameters: { temperature: c.temperature, max_tokens: c.maxTokens },
        json_mode: m.supportsJsonMode && c.jsonMode,
      };
    }),
    inputs: inputIds.map((id) => {
      const i = inputById.get(id)!;
      return { id: i.id, name: i.name, content: i.content };
    }),
  };
  const neededProviders = [...new Set(snapshot.configurations.map((c) => c.ai_model.company))];
  const totalRequests = snapshot.configurations.length * Math.max(1, snapshot.inputs.length);

  if (!input.use_mock) preloadSdks(neededProviders);
  const laneOf = (c: EvaluationSnapshot['configurations'][number]): Lane => (input.use_mock ? 'mock' : c.ai_model.company);
  let commit!: (committed: boolean) => void;
  const committed = new Promise<boolean>((resolve) => (commit = resolve));
  try {
    const evaluationId = await db.transaction(async (tx) => {
      if (!input.use_mock) {
        const keys = await activeSealedKeys(tx, userId);
        const missing = neededProviders.filter((provider) => !keys.some((key) => key.provider === provider));
        if (missing.length > 0) {
          throw new HttpError(400, missingKeyMessage(missing[0]), {
            api_key: missing.map(missingKeyMessage),
            providers: missing.map((p) => PROVIDER_LABELS[p]),
          });
        }
        local?.offerKeys(keys.filter((key) => neededProviders.includes(key.provider)));
        await consumeEvaluationQuota(tx, userId, freeEvaluationsPerMonth);
      }
      const [evaluation] = await tx
        .insert(evaluations)
        .values({ userId, projectId, name: input.name || defaultEvaluationName(), useMock: input.use_mock, totalRequests, snapshot })
        .returning({ id: evaluations.id });
      await insertRequests(tx, evaluation.id, snapshot, laneOf, local, (claimed) => local?.adopt(evaluationContext(userId, snapshot), claimed, committed));
      return evaluation.id;
    });
    commit(true);
    if (database.kind === 'postgres') await database.executeSql(`NOTIFY ${WORK_CHANNEL}`).catch(() => {});
    return { evaluation_id: evaluationId, total_requests: totalRequests, results: [], errors: [] };
  } catch (error) {
    commit(false);
    throw error;
  }
}

/**
 * Creates the run's api requests in input-major order (so the first input's results complete first) in two statements.
 * The first writes the rows up to the last one the local worker claims (the first `room` of each lane, IN_PROGRESS under
 * its lease) and hands those to it; once the calls it has slots for have started, the second statement writes the rest,
 * PENDING. The worker keeps what those first calls return until the transaction has ended (see EvaluationWorker.adopt).
 */
async function insertRequests(
  tx: Tx,
  evaluationId: number,
  snapshot: EvaluationSnapshot,
  laneOf: (c: EvaluationSnapshot['configurations'][number]) => Lane,
  local: LocalWorker | null,
  handOver: (claimed: ClaimedRequest[]) => Promise<void> | undefined,
) {
  const inputIds = snapshot.inputs.length > 0 ? snapshot.inputs.map((i) => i.id) : [null];
  const lanes = snapshot.configurations.map((c) => ({ id: c.id, provider: laneOf(c) }));
  const room = new Map<Lane, number>();
  if (local) for (const { provider } of lanes) if (!room.has(provider)) room.set(provider, local.room(provider));
  let unclaimed = [...room.values()].reduce((sum, n) => sum + n, 0);
  const head: { input_id: number | null; configuration_id: number; provider: Lane; claimed: boolean }[] = [];
  for (const inputId of inputIds) {
    if (unclaimed === 0) break;
    for (const lane of lanes) {
      if (unclaimed === 0) break;
      const left = room.get(lane.provider)!;
      if (left > 0) {
        room.set(lane.provider, left - 1);
        unclaimed--;
      }
      head.push({ input_id: inputId, configuration_id: lane.id, provider: lane.provider, claimed: left > 0 });
    }
  }
  if (head.length > 0) {
    const created = (await tx.execute(sql`
      INSERT INTO api_requests (evaluation_id, input_id, configuration_id, provider, status, attempts, claimed_by, lease_expires_at)
      SELECT ${evaluationId}::int, h.input_id, h.configuration_id, h.provider,
             CASE WHEN h.claimed THEN 'IN_PROGRESS' ELSE 'PENDING' END, CASE WHEN h.claimed THEN 1 ELSE 0 END,
             CASE WHEN h.claimed THEN ${local!.id}::text END,
             CASE WHEN h.claimed THEN now() + ${local!.leaseMs}::int * interval '1 millisecond' END
        FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(head)}::jsonb) AS (input_id int, configuration_id int, provider text, claimed boolean))
             WITH ORDINALITY AS h(input_id, configuration_id, provider, claimed, n)
       ORDER BY h.n
      RETURNING id, evaluation_id, input_id, configuration_id, attempts, provider, status`)) as { rows: (ClaimedRequest & { status: string })[] };
    // The rest waits until those calls have started: writing it competes with sending them for the CPU.
    await handOver(created.rows.filter((r) => r.status === 'IN_PROGRESS').sort((a, b) => a.id - b.id));
  }
  // One statement however large the run: the rows after the head, in the same order.
  await tx.execute(sql`
    INSERT INTO api_requests (evaluation_id, input_id, configuration_id, provider)
    SELECT ${evaluationId}::int, (i.value #>> '{}')::int, (c.value->>'id')::int, c.value->>'provider'
      FROM jsonb_array_elements(${JSON.stringify(inputIds)}::jsonb) WITH ORDINALITY AS i(value, n)
     CROSS JOIN jsonb_array_elements(${JSON.stringify(lanes)}::jsonb) WITH ORDINALITY AS c(value, n)
     WHERE (i.n - 1) * ${lanes.length}::int + c.n > ${head.length}::int
     ORDER BY i.n, c.n`);
}
