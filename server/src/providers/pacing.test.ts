import { describe, expect, it } from 'vitest';
import { ROUTES, type EvaluationResults } from '@promptgrid/contract';
import { embeddedDatabaseOnly, signedInClient } from '../../test/harness.js';
import { useFakeProviderApp } from '../../test/fake-provider-app.js';
import { evaluationCompleted } from '../../test/queued-run.js';

const KEY = 'sk-good-openai-pacing';

describe.each(embeddedDatabaseOnly)('calls paced by the provider’s rate-limit headers on %s', (kind) => {
  const setting = useFakeProviderApp(kind, { apiKey: KEY, latencyMs: 20, env: { EVAL_CONCURRENCY: '8' } });

  it('runs 40 calls under a limit of 10 requests a second with few 429s, each call a success', async () => {
    setting.fake.behaviour.rateLimit = { requests: 10, windowSeconds: 1, headers: true };
    const client = await signedInClient(setting.ctx.app);
    expect((await client.post(ROUTES.apiKeys, { provider: 'openai', key: KEY })).statusCode).toBe(201);
    const model = (await client.get(ROUTES.models))
      .json<{ id: number; model_name: string }[]>()
      .find((m) => m.model_name === 'gpt-4o-mini')!;
    const project = (await client.post(ROUTES.projects, { name: 'Paced', description: 'D' })).json().id as number;
    const configurationIds: number[] = [];
    for (const name of ['Brief', 'Plain'])
      configurationIds.push(
        (
          await client.post(ROUTES.configurations(project), {
            name,
            prompt_content: `${name}.`,
            ai_model_id: model.id,
            parameters: { temperature: 0, max_tokens: 20 },
            provider_specific_params: {},
          })
        ).json().id,
      );
    const inputIds: number[] = [];
    for (let n = 0; n < 20; n++)
      inputIds.push(
        (await client.post(ROUTES.inputs(project), { name: `Q${n}`, content: `Question ${n}?` })).json().id,
      );

    const response = await client.post(ROUTES.runEvaluation, {
      configuration_ids: configurationIds,
      input_ids: inputIds,
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().evaluation_id as number;
    await evaluationCompleted(setting.events, setting.ctx.database, id, 30_000);

    const document = (await client.get(ROUTES.evaluationResults(id))).json<EvaluationResults>();
    expect(document.api_requests.map((r) => r.status)).toEqual(Array(40).fill('SUCCESS'));
    // Unpaced, 8 calls at once at 20 ms each ask ~400 times a second: most of them would be answered 429 (24 of
    // the 40 were, with pacing turned off). Paced, a few can still meet a window's edge when the machine is slow
    // enough that the calls of one window leave late (4 were seen on a loaded 2-core machine).
    expect(setting.fake.stats.byStatus[200]).toBe(40);
    expect(setting.fake.stats.byStatus[429] ?? 0).toBeLessThanOrEqual(5);
  }, 40_000);
});
