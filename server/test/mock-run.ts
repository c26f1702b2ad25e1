import { expect } from 'vitest';
import { ROUTES } from '@promptgrid/contract';
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
