import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type AiModel, type Configuration, type ConfigurationVersion } from '@promptgrid/contract';
import { createTestApp, embeddedDatabaseOnly, signedInClient } from '../../test/harness.js';
import { itemAt } from '@promptgrid/test-support';

const weather = {
  name: 'get_weather',
  description: 'The weather in a city.',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' }, unit: { enum: ['c', 'f'] } },
    required: ['city'],
  },
};
const answerSchema = {
  name: 'forecast',
  schema: { type: 'object', properties: { summary: { type: 'string' } }, required: ['summary'] },
};

describe.each(embeddedDatabaseOnly)('configuration tools and response schema on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let modelId: number;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    const models: AiModel[] = (await (await signedInClient(ctx.app)).get(ROUTES.models)).json();
    modelId = models.find((m) => m.model_name === 'gpt-4.1-mini')!.id;
  });
  afterAll(() => ctx?.close());

  async function withProject() {
    const client = await signedInClient(ctx.app);
    const project = (await client.post(ROUTES.projects, { name: 'Weather', description: 'Forecasts' })).json();
    const body = (changes: Record<string, unknown> = {}) => ({
      name: 'Forecaster',
      prompt_content: 'Answer about the weather.',
      ai_model_id: modelId,
      ...changes,
    });
    return { client, project, body };
  }

  it("takes a tool in OpenAI's own form and stores it as the others", async () => {
    const { client, project, body } = await withProject();
    const created = await client.post(
      ROUTES.configurations(project.id),
      body({ tools: [{ type: 'function', function: weather }], tool_choice: { name: 'get_weather' } }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<Configuration>()).toMatchObject({ tools: [weather], tool_choice: { name: 'get_weather' } });
    const unnamed = await client.post(
      ROUTES.configurations(project.id),
      body({ tools: [{ type: 'function', function: { ...weather, name: undefined } }] }),
    );
    expect(unnamed.json()).toEqual({ 'tools.0.name': ['Tool name is required.'] });
  });

  it('stores tools, the tool choice and a response schema; changing them is a new version; a copy keeps them', async () => {
    const { client, project, body } = await withProject();
    const created = await client.post(
      ROUTES.configurations(project.id),
      body({ tools: [weather], tool_choice: { name: 'get_weather' }, response_schema: answerSchema }),
    );
    expect(created.statusCode).toBe(201);
    const configuration = created.json<Configuration>();
    expect(configuration).toMatchObject({
      tools: [weather],
      tool_choice: { name: 'get_weather' },
      response_schema: answerSchema,
      version: 1,
    });

    const changed = await client.put(ROUTES.configuration(configuration.id), body({ tools: [weather] }));
    expect(changed.json()).toMatchObject({ version: 2, tool_choice: 'auto', response_schema: null });
    const versions: ConfigurationVersion[] = (await client.get(ROUTES.configurationVersions(configuration.id))).json();
    expect(itemAt(versions, 1)).toMatchObject({
      version: 1,
      tools: [weather],
      tool_choice: { name: 'get_weather' },
      response_schema: answerSchema,
    });

    const copy = (await client.post(ROUTES.configurationDuplicate(configuration.id))).json<Configuration>();
    expect(copy).toMatchObject({ tools: [weather], tool_choice: 'auto', response_schema: null, version: 1 });
  });

  it('answers 400 with a field message when a tool schema or the response schema is not JSON Schema', async () => {
    const { client, project, body } = await withProject();
    const notSchema = {
      ...weather,
      name: 'get_time',
      parameters: { type: 'object', properties: { city: { type: 'town' } } },
    };
    const refused = await client.post(
      ROUTES.configurations(project.id),
      body({ tools: [weather, notSchema], response_schema: { name: 'answer', schema: { minLength: -1 } } }),
    );
    expect(refused.statusCode).toBe(400);
    const errors = refused.json<Record<string, string[]>>();
    expect(Object.keys(errors).sort()).toEqual(['response_schema.schema', 'tools.1.parameters']);
    expect(itemAt(errors['tools.1.parameters']!, 0)).toMatch(/^Not a valid JSON Schema: /);
    expect(itemAt(errors['response_schema.schema']!, 0)).toMatch(/^Not a valid JSON Schema: /);
  });

  it('answers 400 with a field message for a response schema or tool schema that would recurse forever', async () => {
    const { client, project, body } = await withProject();
    const refused = await client.post(
      ROUTES.configurations(project.id),
      body({
        tools: [{ ...weather, parameters: { type: 'object', dependencies: { city: { $ref: '#' } } } }],
        response_schema: { name: 'answer', schema: { $id: 'https://x.example/s', $ref: 'https://x.example/s' } },
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      'tools.0.parameters': [
        'The JSON Schema refers back to itself through "#" without looking into a property or item, so it would never finish.',
      ],
      'response_schema.schema': [
        'The JSON Schema may refer only to its own parts ("#" or "#/..."), not to "https://x.example/s".',
      ],
    });
  });

  it('answers 400 for tool definitions the contract refuses', async () => {
    const { client, project, body } = await withProject();
    const post = async (changes: Record<string, unknown>) =>
      (await client.post(ROUTES.configurations(project.id), body(changes))).json<Record<string, string[]>>();
    expect(await post({ tools: [{ ...weather, parameters: { type: 'string' } }] })).toEqual({
      'tools.0.parameters': ['Tool parameters must be a JSON Schema with "type": "object".'],
    });
    expect(await post({ tools: [{ ...weather, name: 'get weather' }] })).toEqual({
      'tools.0.name': ['Tool name must be 1 to 64 letters, digits, underscores or hyphens.'],
    });
    expect(await post({ tools: [weather], tool_choice: { name: 'get_time' } })).toEqual({
      tool_choice: ['No tool is named get_time.'],
    });
    expect(await post({ tool_choice: 'required' })).toEqual({ tool_choice: ['A required tool call needs a tool.'] });
    expect(await post({ tools: [weather, weather] })).toEqual({ 'tools.1.name': ['Tool names must be unique.'] });
  });
});
