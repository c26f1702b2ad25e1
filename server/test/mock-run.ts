import { expect } from 'vitest';
import { ROUTES, type EvaluationResults } from '@promptgrid/contract';
import type { TestClient } from './harness.js';
import { itemAt } from '@promptgrid/test-support';

/**
 * Starts a mock run (no key, no network) of the given system prompts on the given user prompts, in a new project of
 * the client's, with the first model of the catalog; answers the evaluation id.
 */
export async function startMockRun(
  client: TestClient,
  systemPrompts: { name: string; prompt: string }[],
  userPrompts: string[],
): Promise<number> {
  const project = (await client.post(ROUTES.projects, { name: 'P', description: 'D' })).json().id as number;
  const model = itemAt((await client.get(ROUTES.models)).json<{ id: number }[]>(), 0);
  const configurationIds: number[] = [];
  for (const { name, prompt } of systemPrompts) {
    const response = await client.post(ROUTES.configurations(project), {
      name,
      prompt_content: prompt,
      ai_model_id: model.id,
      parameters: { temperature: 0, max_tokens: null },
      provider_specific_params: {},
    });
    configurationIds.push(response.json().id);
  }
  const inputIds: number[] = [];
  for (const content of userPrompts)
    inputIds.push((await client.post(ROUTES.inputs(project), { name: content, content })).json().id);
  const started = await client.post(ROUTES.runEvaluation, {
    configuration_ids: configurationIds,
    input_ids: inputIds,
    name: 'Evaluation shared',
    use_mock: true,
  });
  expect(started.statusCode, started.body).toBe(201);
  return started.json().evaluation_id;
}

/** Waits until the evaluation's completed_at is set: every request has finished and been written. */
export async function waitUntilCompleted(client: TestClient, evaluationId: number) {
  await expect
    .poll(async () => (await client.get(ROUTES.evaluationResults(evaluationId))).json().evaluation.completed_at, {
      timeout: 20_000,
    })
    .not.toBeNull();
}

/**
 * Runs one system prompt ('You are terse.') on the model `aiModelId` against one new user prompt `content`, for real
 * (use_mock false), in the client's project; waits until it completes and answers its results.
 */
export async function realRun(
  client: TestClient,
  projectId: number,
  aiModelId: number,
  content: string,
  parameters?: { max_tokens: number },
) {
  const configuration = await client.post(ROUTES.configurations(projectId), {
    name: `on ${aiModelId}`,
    prompt_content: 'You are terse.',
    ai_model_id: aiModelId,
    ...(parameters ? { parameters } : {}),
  });
  expect(configuration.statusCode, configuration.body).toBe(201);
  const input = (await client.post(ROUTES.inputs(projectId), { name: content, content })).json();
  const started = await client.post(ROUTES.runEvaluation, {
    configuration_ids: [configuration.json().id],
    input_ids: [input.id],
    use_mock: false,
  });
  expect(started.statusCode, started.body).toBe(201);
  const evaluationId = started.json().evaluation_id as number;
  await waitUntilCompleted(client, evaluationId);
  return (await client.get(ROUTES.evaluationResults(evaluationId))).json<EvaluationResults>();
}
