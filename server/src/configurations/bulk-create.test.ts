import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type AiModel, type Configuration } from '@promptgrid/contract';
import { createTestApp, databaseKinds, signedInClient } from '../../test/harness.js';
import { itemAt } from '@promptgrid/test-support';

describe.each(databaseKinds)('adding several system prompts at once on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let model: AiModel;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    model = itemAt((await (await signedInClient(ctx.app)).get(ROUTES.models)).json<AiModel[]>(), 0);
  });
  afterAll(() => ctx?.close());

  async function withProject() {
    const client = await signedInClient(ctx.app);
    const project = (await client.post(ROUTES.projects, { name: 'Support', description: 'Replies' })).json();
    return { client, project: project.id as number };
  }
  const prompt = (name: string, overrides: object = {}) => ({
    name,
    prompt_content: `You are ${name}.`,
    ai_model_id: model.id,
    parameters: { temperature: 0.2, max_tokens: null },
    ...overrides,
  });

  it('creates every prompt in order with one model and parameters', async () => {
    const { client, project } = await withProject();
    const created = await client.post(ROUTES.configurationsBulk(project), {
      configurations: [prompt('Terse'), prompt('Friendly'), prompt('Formal'), prompt('Pirate')],
    });
    expect(created.statusCode, created.body).toBe(201);
    const list = (await client.get(ROUTES.configurations(project))).json<Configuration[]>();
    expect(list.map((c) => [c.name, c.prompt.content, c.ai_model.id, c.parameters.temperature])).toEqual([
      ['Terse', 'You are Terse.', model.id, 0.2],
      ['Friendly', 'You are Friendly.', model.id, 0.2],
      ['Formal', 'You are Formal.', model.id, 0.2],
      ['Pirate', 'You are Pirate.', model.id, 0.2],
    ]);
    expect(created.json<Configuration[]>().map((c) => c.id)).toEqual(list.map((c) => c.id));
  });

  it('creates none when one is refused, with field messages for a bad list', async () => {
    const { client, project } = await withProject();
    const refused = await client.post(ROUTES.configurationsBulk(project), {
      configurations: [prompt('Good'), prompt('Unknown model', { ai_model_id: 999_999 })],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ ai_model_id: ['Unknown AI model.'] });
    expect((await client.get(ROUTES.configurations(project))).json()).toEqual([]);

    const empty = await client.post(ROUTES.configurationsBulk(project), { configurations: [] });
    expect(empty.json()).toEqual({ configurations: ['Add at least one system prompt.'] });
    const unnamed = await client.post(ROUTES.configurationsBulk(project), { configurations: [prompt(' ')] });
    expect(Object.keys(unnamed.json())).toEqual(['configurations.0.name']);
  });
});
