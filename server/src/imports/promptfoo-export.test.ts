import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROUTES, type Check, type Configuration, type Input } from '@promptgrid/contract';
import { createTestApp, signedInClient, type TestClient } from '../../test/harness.js';

/** What a project is made of, by names (ids differ between the original and its import). */
async function contentsOf(client: TestClient, projectId: number) {
  const [configurations, inputs, checks] = await Promise.all([
    client.get(ROUTES.configurations(projectId)).then((r) => r.json<Configuration[]>()),
    client.get(ROUTES.inputs(projectId)).then((r) => r.json<Input[]>()),
    client.get(ROUTES.checks(projectId)).then((r) => r.json<Check[]>()),
  ]);
  const inputName = new Map(inputs.map((i) => [i.id, i.name]));
  return {
    configurations: configurations.map((c) => ({
      name: c.name,
      prompt: c.prompt.content,
      messages: c.messages,
      user_template: c.user_template,
      model: `${c.ai_model.company}/${c.ai_model.model_name}`,
      temperature: c.parameters.temperature,
      max_tokens: c.parameters.max_tokens,
      json_mode: c.json_mode,
    })),
    inputs: inputs.map((i) => ({
      name: i.name,
      content: i.content,
      variables: i.variables,
      expected: i.expected_output,
    })),
    checks: checks
      .map((c) => ({
        name: c.name,
        type: c.type,
        value: c.value,
        judge: c.ai_model_id !== null,
        // Every input and "all inputs" read the same.
        inputs:
          c.input_ids === null || c.input_ids.length === inputs.length
            ? 'all'
            : c.input_ids.map((id) => inputName.get(id)).sort(),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

describe('exporting a project as a promptfoo config', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
  });
  afterAll(() => ctx?.close());

  it('writes YAML promptfoo reads, and importing it gives an equal project back', async () => {
    const alice = await signedInClient(ctx.app);
    const models = (await alice.get(ROUTES.models)).json<{ id: number; company: string; model_name: string }[]>();
    const model = (company: string, name: string) =>
      models.find((m) => m.company === company && m.model_name === name)!.id;
    const projectId = (await alice.post(ROUTES.projects, { name: 'Triage', description: 'Tickets' })).json()
      .id as number;
    const configuration = (body: object) => alice.post(ROUTES.configurations(projectId), body);
    expect(
      (
        await configuration({
          name: 'Terse',
          prompt_content: 'Answer with one word. Be {{tone}}.',
          ai_model_id: model('openai', 'gpt-4.1-mini'),
          parameters: { temperature: 0.2, max_tokens: 100 },
          messages: [
            { role: 'user', content: 'Ticket: app crashes' },
            { role: 'assistant', content: 'bug' },
          ],
          user_template: 'Ticket: {{input}}',
        })
      ).statusCode,
    ).toBe(201);
    await configuration({
      name: 'Haiku',
      prompt_content: 'Classify.',
      ai_model_id: model('anthropic', 'claude-haiku-4-5'),
    });
    const input = async (name: string, content: string, expected: string) =>
      (
        await alice.post(ROUTES.inputs(projectId), {
          name,
          content,
          variables: { tone: 'calm' },
          expected_output: expected,
        })
      ).json<Input>();
    const refund = await input('Refund', 'I want my money back', 'refund');
    await input('Parcel', 'Where is my parcel?', 'shipping');
    const check = (body: object) => alice.post(ROUTES.checks(projectId), body);
    await check({ name: 'Exact label', type: 'equals_expected', value: 'exact' });
    await check({ name: 'Short', type: 'max_chars', value: '20' });
    await check({ name: 'Says refund', type: 'contains', value: 'refund', input_ids: [refund.id] });
    await check({ name: 'Schema', type: 'json_schema', value: '{"type":"object"}' });
    await check({
      name: 'Helpful',
      type: 'llm_judge',
      value: 'Is it helpful?',
      ai_model_id: model('openai', 'gpt-4.1-mini'),
    });

    const exported = await alice.get(ROUTES.exportPromptfoo(projectId));
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-disposition']).toBe('attachment; filename="promptfooconfig.yaml"');
    const config = parse(exported.body) as Record<string, unknown>;
    // promptfoo's documented shape: prompts x providers (each provider limited to its own prompt), tests with vars.
    expect(config).toMatchObject({
      description: 'Triage',
      providers: [
        {
          id: 'openai:chat:gpt-4.1-mini',
          label: 'Terse',
          prompts: ['Terse'],
          config: { temperature: 0.2, max_tokens: 100 },
        },
        { id: 'anthropic:messages:claude-haiku-4-5', label: 'Haiku', prompts: ['Haiku'] },
      ],
      tests: [
        { description: 'Refund', vars: { tone: 'calm', input: 'I want my money back' } },
        { description: 'Parcel', vars: { tone: 'calm', input: 'Where is my parcel?' } },
      ],
    });

    const imported = await alice.post(ROUTES.importProject, {
      files: [{ name: 'promptfooconfig.yaml', data: exported.body }],
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().report.items).toEqual([]);
    const original = await contentsOf(alice, projectId);
    const copy = await contentsOf(alice, imported.json().project_id as number);
    expect(copy).toEqual(original);
  });

  it('writes texts that would run in promptfoo as inert text, and importing them gives the same texts back', async () => {
    const alice = await signedInClient(ctx.app);
    const gpt = (await alice.get(ROUTES.models))
      .json<{ id: number; company: string; model_name: string }[]>()
      .find((m) => m.company === 'openai' && m.model_name === 'gpt-4.1-mini')!.id;
    const code = '{{ range.constructor("return process.pid")() }}';
    const projectId = (await alice.post(ROUTES.projects, { name: `Pack ${code}`, description: 'D' })).json()
      .id as number;
    expect(
      (
        await alice.post(ROUTES.configurations(projectId), {
          name: `Config {{ env.HOME }}`,
          prompt_content: `Be {{tone}}. ${code} {% raw %}{% endraw %} {# note #} }}{{`,
          ai_model_id: gpt,
          messages: [
            { role: 'user', content: 'file://steal.js' },
            { role: 'assistant', content: '{{ input }}' },
          ],
          user_template: 'package:evil:run {{input}}',
        })
      ).statusCode,
    ).toBe(201);
    await alice.post(ROUTES.inputs(projectId), {
      name: `exec:touch x {{ env.HOME }}`,
      content: `python:steal.py ${code}`,
      variables: { tone: '{{ env.HOME }} 100% %7B {{tone}}', path: 'file://secrets.txt', tail: 'line\n' },
      expected_output: `{% include "/etc/passwd" %}`,
    });
    const check = (body: object) => alice.post(ROUTES.checks(projectId), body);
    await check({ name: `Says {{ env.HOME }}`, type: 'contains', value: `file://x.js ${code}` });
    await check({ name: 'Pattern', type: 'regex', value: '^\\{\\{ env\\.HOME \\}\\}|python:' });
    await check({ name: 'Exact', type: 'equals_expected', value: 'exact' });
    await check({ name: 'Schema', type: 'json_schema', value: JSON.stringify({ description: `{{ env.HOME }}` }) });
    await check({ name: 'Judge', type: 'llm_judge', value: `Rubric ${code} {{ env.HOME }}`, ai_model_id: gpt });

    const exported = await alice.get(ROUTES.exportPromptfoo(projectId));
    expect(exported.statusCode, exported.body).toBe(200);
    // Nothing promptfoo would run is left: no Nunjucks of the project's own, no value starting like a loader.
    expect(exported.body).not.toMatch(/\{\{ ?(range|env)|\{%|\{#|: ["']?(file|package|python|exec):/);
    const imported = await alice.post(ROUTES.importProject, {
      files: [{ name: 'promptfooconfig.yaml', data: exported.body }],
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().report.items).toEqual([]);
    const { project_id: copyId } = imported.json<{ project_id: number }>();
    expect(await contentsOf(alice, copyId)).toEqual(await contentsOf(alice, projectId));
    const [original, copy] = await Promise.all(
      [projectId, copyId].map((id) => alice.get(ROUTES.project(id)).then((r) => r.json<{ name: string }>().name)),
    );
    expect(copy).toBe(original);
  });

  it("answers 404 for another user's project", async () => {
    const alice = await signedInClient(ctx.app);
    const mallory = await signedInClient(ctx.app);
    const projectId = (await alice.post(ROUTES.projects, { name: 'P', description: 'D' })).json().id as number;
    expect((await mallory.get(ROUTES.exportPromptfoo(projectId))).statusCode).toBe(404);
  });
});
