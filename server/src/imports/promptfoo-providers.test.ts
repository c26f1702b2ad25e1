import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type Check, type Configuration } from '@promptgrid/contract';
import { createTestApp, signedInClient, type TestClient } from '../../test/harness.js';

// A config written for models Promptgrid does not list: another service's, and a retired OpenAI one.
const CONFIG = `prompts:
  - raw: 'Answer briefly: {{question}}'
    label: Brief
providers:
  - openai:chat:gpt-4.1-mini
  - bedrock:anthropic.claude-v2
  - openai:gpt-4-0314
tests:
  - vars:
      question: Where is my parcel?
    assert:
      - type: not-icontains
        value: sorry
`;
const FILES = [{ name: 'promptfooconfig.yaml', data: CONFIG }];

async function modelId(client: TestClient, company: string, name: string) {
  const models = (await client.get(ROUTES.models)).json<{ id: number; company: string; model_name: string }[]>();
  return models.find((m) => m.company === company && m.model_name === name)!.id;
}

describe('importing a promptfoo config with providers Promptgrid cannot run as they are', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
  });
  afterAll(() => ctx?.close());

  it('lists them in the preview, in the config order, and leaves their prompts out until a model is picked', async () => {
    const alice = await signedInClient(ctx.app);
    const response = await alice.post(ROUTES.importProjectPreview, { files: FILES });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report.unknown_providers).toEqual(['bedrock:anthropic.claude-v2', 'openai:gpt-4-0314']);
    // Named by the prompt: the provider's id names a model, which is no name once the model changes.
    expect(report.configurations).toEqual([{ name: 'Brief', model: 'openai - gpt-4.1-mini' }]);
    const skipped = report.items.filter((i: { what: string }) => i.what.startsWith('provider '));
    expect(skipped.map((i: { kind: string; why: string }) => [i.kind, i.why])).toEqual([
      ['skipped', expect.stringMatching(/Pick a model for it to import its prompts\.$/)],
      [
        'skipped',
        "Promptgrid's model list has no openai model named gpt-4-0314. Pick a model for it to import its prompts.",
      ],
    ]);
  });

  it('runs each on the model picked for it, numbering the prompt it runs, and carries not-icontains', async () => {
    const alice = await signedInClient(ctx.app);
    const haiku = await modelId(alice, 'anthropic', 'claude-haiku-4-5');
    const mini = await modelId(alice, 'openai', 'gpt-4.1-mini');
    const response = await alice.post(ROUTES.importProject, {
      files: FILES,
      provider_models: { 'bedrock:anthropic.claude-v2': haiku, 'openai:gpt-4-0314': mini },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { project_id: projectId, report } = response.json();
    expect(report.unknown_providers).toEqual(['bedrock:anthropic.claude-v2', 'openai:gpt-4-0314']);
    expect(report.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'changed',
          what: "provider 'bedrock:anthropic.claude-v2'",
          why: 'Runs on anthropic - claude-haiku-4-5, as picked.',
        }),
        expect.objectContaining({ kind: 'changed', what: "assertion 'not-icontains'" }),
      ]),
    );
    const configurations = (await alice.get(ROUTES.configurations(projectId))).json<Configuration[]>();
    expect(configurations.map((c) => [c.name, c.ai_model.id])).toEqual([
      ['Brief', mini],
      ['Brief (2)', haiku],
      ['Brief (3)', mini],
    ]);
    const checks = (await alice.get(ROUTES.checks(projectId))).json<Check[]>();
    expect(checks.map((c) => [c.type, c.value])).toEqual([['not_contains', 'sorry']]);
  });

  it('leaves out a provider given a model its user may not use, and refuses a mapping that is not ids', async () => {
    const alice = await signedInClient(ctx.app);
    const unknownModel = await alice.post(ROUTES.importProjectPreview, {
      files: FILES,
      provider_models: { 'openai:gpt-4-0314': 999_999 },
    });
    expect(unknownModel.statusCode, unknownModel.body).toBe(200);
    expect(unknownModel.json().configurations).toHaveLength(1);
    const notIds = await alice.post(ROUTES.importProjectPreview, {
      files: FILES,
      provider_models: { 'openai:gpt-4-0314': 'gpt-4.1' },
    });
    expect(notIds.statusCode).toBe(400);
    expect(JSON.stringify(notIds.json())).toContain('provider_models');
  });
});
