import { and, eq, inArray, sql } from 'drizzle-orm';
import { PROVIDER_LABELS, defaultEvaluationName, type RunEvaluationInput, type RunEvaluationResponse } from '@promptgrid/contract';
import type { Database } from '../db/client.js';
import { aiModels, configurations, evaluations, inputs, projects, type EvaluationSnapshot } from '../db/schema.js';
import { HttpError, badRequest, notFound } from '../http/errors.js';
import { consumeEvaluationQuota } from '../billing/quota.js';
import { missingKeyMessage, providersWithoutKey } from '../api-keys/service.js';
import { preloadSdks } from '../providers/call.js';

/** Channel a run announces itself on, so idle workers in other processes claim it without waiting for their poll. */
export const WORK_CHANNEL = 'promptgrid_evaluation_work';

const unique = (ids: number[]) => [...new Set(ids)];

/**
 * Validates the run, then in one transaction counts it against the quota (real runs), freezes what it runs
 * into the evaluation's snapshot and creates one PENDING api request per (input, configuration) pair —
 * or per configuration when no input was chosen. Workers pick the requests up from there.
 */
export async function startEvaluation(
  database: Database,
  userId: number,
  input: RunEvaluationInput,
  freeEvaluationsPerMonth: number,
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
  const evaluationId = await db.transaction(async (tx) => {
    if (!input.use_mock) {
      const missing = await providersWithoutKey(tx, userId, neededProviders);
      if (missing.length > 0) {
        throw new HttpError(400, missingKeyMessage(missing[0]), {
          api_key: missing.map(missingKeyMessage),
          providers: missing.map((p) => PROVIDER_LABELS[p]),
        });
      }
      await consumeEvaluationQuota(tx, userId, freeEvaluationsPerMonth);
    }
    const [evaluation] = await tx
      .insert(evaluations)
      .values({ userId, projectId, name: input.name || defaultEvaluationName(), useMock: input.use_mock, totalRequests, snapshot })
      .returning({ id: evaluations.id });
    // One statement however large the run; input-major order, so the first input's results complete first.
    const lanes = JSON.stringify(snapshot.configurations.map((c) => ({ id: c.id, provider: input.use_mock ? 'mock' : c.ai_model.company })));
    const inputList = JSON.stringify(snapshot.inputs.length > 0 ? snapshot.inputs.map((i) => i.id) : [null]);
    await tx.execute(sql`
      INSERT INTO api_requests (evaluation_id, input_id, configuration_id, provider)
      SELECT ${evaluation.id}::int, (i.value #>> '{}')::int, (c.value->>'id')::int, c.value->>'provider'
        FROM jsonb_array_elements(${inputList}::jsonb) WITH ORDINALITY AS i(value, n)
       CROSS JOIN jsonb_array_elements(${lanes}::jsonb) WITH ORDINALITY AS c(value, n)
       ORDER BY i.n, c.n`);
    return evaluation.id;
  });
  if (database.kind === 'postgres') await database.executeSql(`NOTIFY ${WORK_CHANNEL}`).catch(() => {});
  return { evaluation_id: evaluationId, total_requests: totalRequests, results: [], errors: [] };
}
