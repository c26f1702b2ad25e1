import { describe, expect, it } from 'vitest';
import { ROUTES, type AiModel, type ApiRequest } from '@promptgrid/contract';
import { solidPng } from '@promptgrid/test-support';
import { type RecordedCall } from '@promptgrid/test-support/fake-providers';
import { embeddedDatabaseOnly, signedInClient, type TestClient } from '../../test/harness.js';
import { waitUntilCompleted } from '../../test/mock-run.js';
import { useFakeProviderApp } from '../../test/fake-provider-app.js';

const KEYS = { openai: 'sk-images-openai', anthropic: 'sk-ant-images', gemini: 'AIza-images' };
const SYSTEM = 'Describe the image.';
const QUESTION = 'What colour is it?';
const MODELS = ['gpt-4.1', 'claude-haiku-4-5', 'gemini-2.5-flash'];

describe.each(embeddedDatabaseOnly)('images through each SDK on %s', (kind) => {
  const setting = useFakeProviderApp(kind, {
    apiKeys: Object.values(KEYS),
    latencyMs: 2,
    env: {
      EVAL_RETRY_BASE_MS: '5',
    },
  });

  /** A project with one configuration per provider and an input carrying `images`. */
  async function projectWithImages(client: TestClient, images: Buffer[]) {
    const models = (await client.get(ROUTES.models)).json<AiModel[]>();
    const project = (await client.post(ROUTES.projects, { name: 'Vision', description: 'D' })).json().id as number;
    const configurationIds: number[] = [];
    for (const model of MODELS) {
      const created = await client.post(ROUTES.configurations(project), {
        name: model,
        prompt_content: SYSTEM,
        ai_model_id: models.find((m) => m.model_name === model)!.id,
      });
      configurationIds.push(created.json().id);
    }
    const input = (await client.post(ROUTES.inputs(project), { name: 'Swatch', content: QUESTION })).json()
      .id as number;
    for (const bytes of images) {
      const uploaded = await client.post(ROUTES.inputImages(project, input), { data: bytes.toString('base64') });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
    }
    return { project, input, configurationIds };
  }

  const sentTo = (api: RecordedCall['api']) =>
    setting.fake.requests.filter((call) => call.api === api).map((c) => c.body);

  it("sends the input's images after the text of its user turn, in each provider's own format", async () => {
    const client = await signedInClient(setting.ctx.app);
    for (const [provider, key] of Object.entries(KEYS))
      expect((await client.post(ROUTES.apiKeys, { provider, key })).statusCode).toBe(201);
    const png = solidPng(64, 48);
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    const { input, configurationIds } = await projectWithImages(client, [png, gif]);
    setting.fake.reset();
    const started = await client.post(ROUTES.runEvaluation, {
      configuration_ids: configurationIds,
      input_ids: [input],
      use_mock: false,
    });
    expect(started.statusCode, started.body).toBe(201);
    await waitUntilCompleted(client, started.json().evaluation_id);
    const requests = (await client.get(ROUTES.apiRequests(started.json().evaluation_id))).json<ApiRequest[]>();
    expect(requests.map((r) => [r.status, r.error_message])).toEqual(Array(3).fill(['SUCCESS', null]));

    const data = [png.toString('base64'), gif.toString('base64')];
    expect(sentTo('openai').map((body) => body.messages)).toEqual([
      [
        { role: 'system', content: SYSTEM },
        {
          role: 'user',
          content: [
            { type: 'text', text: QUESTION },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${data[0]}` } },
            { type: 'image_url', image_url: { url: `data:image/gif;base64,${data[1]}` } },
          ],
        },
      ],
    ]);
    expect(sentTo('anthropic').map((body) => body.messages)).toEqual([
      [
        {
          role: 'user',
          content: [
            { type: 'text', text: QUESTION },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: data[0] } },
            { type: 'image', source: { type: 'base64', media_type: 'image/gif', data: data[1] } },
          ],
        },
      ],
    ]);
    expect(sentTo('gemini').map((body) => body.contents)).toEqual([
      [
        {
          role: 'user',
          parts: [
            { text: QUESTION },
            { inlineData: { mimeType: 'image/png', data: data[0] } },
            { inlineData: { mimeType: 'image/gif', data: data[1] } },
          ],
        },
      ],
    ]);
  });

  it("counts each image in the estimate by its provider's rule", async () => {
    const client = await signedInClient(setting.ctx.app);
    const withImage = await projectWithImages(client, [solidPng(640, 480)]);
    const without = await projectWithImages(client, []);
    const tokensOf = async (plan: typeof withImage, index: number) =>
      (
        await client.post(ROUTES.runEvaluationEstimate, {
          configuration_ids: [plan.configurationIds[index]],
          input_ids: [plan.input],
          use_mock: true,
        })
      ).json().input_tokens as number;
    const added = [];
    for (const index of MODELS.keys())
      added.push((await tokensOf(withImage, index)) - (await tokensOf(without, index)));
    // OpenAI: 85 + 170 x 2 tiles of 512 px; Anthropic: 640 x 480 / 750, rounded up; Gemini: one 768 px tile.
    expect(added).toEqual([425, 410, 258]);
  });
});
