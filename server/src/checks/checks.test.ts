import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@promptgrid/contract';
import { createTestApp, embeddedDatabaseOnly, signedInClient, type TestClient } from '../../test/harness.js';
import { itemAt } from '@promptgrid/test-support';

describe.each(embeddedDatabaseOnly)('checks on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let judgeModelId: number;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx?.close());

  async function projectWithInput(client: TestClient) {
    const project = (await client.post(ROUTES.projects, { name: 'P', description: 'D' })).json().id as number;
    const input = (await client.post(ROUTES.inputs(project), { name: 'q', content: 'Capital of France?' })).json()
      .id as number;
    judgeModelId ??= (await client.get(ROUTES.models)).json()[0].id;
    return { project, input };
  }

  it('creates, lists, updates and deletes a check of every type', async () => {
    const alice = await signedInClient(ctx.app);
    const { project, input } = await projectWithInput(alice);
    const bodies = [
      { name: 'Says Paris', type: 'contains', value: 'Paris' },
      { name: 'No apology', type: 'not_contains', value: 'Sorry' },
      { name: 'A year', type: 'regex', value: '\\d{4}' },
      { name: 'Exact', type: 'equals_expected', input_ids: [input] },
      { name: 'Has expected', type: 'contains_expected' },
      { name: 'JSON', type: 'is_json' },
      { name: 'Shape', type: 'json_schema', value: '{"type":"object","required":["city"]}' },
      { name: 'Short', type: 'max_chars', value: '280' },
      { name: 'Helpful', type: 'llm_judge', value: 'Is the answer correct and polite?', ai_model_id: judgeModelId },
    ];
    for (const body of bodies) {
      const response = await alice.post(ROUTES.checks(project), body);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({
        ...body,
        project,
        value: body.value ?? '',
        ai_model_id: body.ai_model_id ?? null,
        input_ids: body.input_ids ?? null,
        is_active: true,
      });
    }
    const listed = (await alice.get(ROUTES.checks(project))).json();
    expect(listed.map((c: { name: string }) => c.name)).toEqual(bodies.map((b) => b.name));

    const first = listed[0];
    const updated = await alice.put(ROUTES.check(first.id), {
      name: 'Says Lyon',
      type: 'contains',
      value: 'Lyon',
      is_active: false,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ id: first.id, name: 'Says Lyon', value: 'Lyon', is_active: false });

    expect((await alice.delete(ROUTES.check(first.id))).statusCode).toBe(204);
    expect((await alice.get(ROUTES.checks(project))).json()).toHaveLength(bodies.length - 1);
  });

  it('answers 400 with field messages for a value the type cannot use', async () => {
    const alice = await signedInClient(ctx.app);
    const { project } = await projectWithInput(alice);
    const refused = async (body: object) => {
      const response = await alice.post(ROUTES.checks(project), body);
      expect(response.statusCode, response.body).toBe(400);
      return response.json<{ value: string[] }>();
    };
    expect(itemAt((await refused({ name: 'r', type: 'regex', value: '(unclosed' })).value, 0)).toMatch(
      /^Not a valid regular expression: /,
    );
    expect(itemAt((await refused({ name: 's', type: 'json_schema', value: '{"type": "banana"}' })).value, 0)).toMatch(
      /^Not a valid JSON Schema: /,
    );
    expect(await refused({ name: 's', type: 'json_schema', value: '{"type": ' })).toEqual({
      value: ['The JSON Schema is not valid JSON.'],
    });
    // Both validate by recursing until the stack overflows: the first on any object with an "a", the second on anything.
    expect(await refused({ name: 's', type: 'json_schema', value: '{"dependencies": {"a": {"$ref": "#"}}}' })).toEqual({
      value: [
        'The JSON Schema refers back to itself through "#" without looking into a property or item, so it would never finish.',
      ],
    });
    const named = '{"$id": "https://x.example/s", "$ref": "https://x.example/s"}';
    expect(await refused({ name: 's', type: 'json_schema', value: named })).toEqual({
      value: ['The JSON Schema may refer only to its own parts ("#" or "#/..."), not to "https://x.example/s".'],
    });
    expect(await refused({ name: 'm', type: 'max_chars', value: 'ten' })).toEqual({
      value: ['The limit must be a whole number of characters.'],
    });
    expect(await refused({ name: 'c', type: 'contains', value: '  ' })).toEqual({ value: ['Value is required.'] });
    expect(await refused({ name: 'e', type: 'equals_expected', value: 'fuzzy' })).toEqual({
      value: ["The comparison must be '' (ignore surrounding whitespace), 'exact' or 'ignore_case'."],
    });
    expect(await refused({ name: 'j', type: 'llm_judge', value: 'Correct?' })).toEqual({
      ai_model_id: ['An llm_judge check needs a judge model.'],
    });
    expect(await refused({ name: 'c', type: 'contains', value: 'x', ai_model_id: judgeModelId })).toEqual({
      ai_model_id: ['Only an llm_judge check takes a judge model.'],
    });
    expect(await refused({ name: 'j', type: 'llm_judge', value: 'Correct?', ai_model_id: 999_999 })).toEqual({
      ai_model_id: ['Unknown AI model.'],
    });
    expect(Object.keys(await refused({ name: 'x', type: 'spelling', value: 'x' }))).toEqual(['type']);
    expect(Object.keys(await refused({ name: ' ', type: 'is_json' }))).toEqual(['name']);
  });

  it("accepts input_ids only from the check's own project", async () => {
    const alice = await signedInClient(ctx.app);
    const mine = await projectWithInput(alice);
    const other = await projectWithInput(alice);
    const response = await alice.post(ROUTES.checks(mine.project), {
      name: 'c',
      type: 'is_json',
      input_ids: [mine.input, other.input],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ input_ids: ["Every input must be one of this project's inputs."] });
    const ok = await alice.post(ROUTES.checks(mine.project), { name: 'c', type: 'is_json', input_ids: [mine.input] });
    expect(ok.statusCode).toBe(201);
    const moved = await alice.put(ROUTES.check(ok.json().id), { name: 'c', type: 'is_json', input_ids: [other.input] });
    expect(moved.statusCode).toBe(400);
  });

  it("accepts configuration_ids only from the check's own project, and not for a judge", async () => {
    const alice = await signedInClient(ctx.app);
    const mine = await projectWithInput(alice);
    const other = await projectWithInput(alice);
    const configurationOf = async (project: number) => {
      const model = (await alice.get(ROUTES.models)).json()[0].id as number;
      const body = { name: 'c', prompt_content: 'p', ai_model_id: model };
      return (await alice.post(ROUTES.configurations(project), body)).json().id as number;
    };
    const [own, foreign] = [await configurationOf(mine.project), await configurationOf(other.project)];
    const check = (configuration_ids: unknown) => ({ name: 'c', type: 'calls_tool', value: 'x', configuration_ids });
    const refused = await alice.post(ROUTES.checks(mine.project), check([own, foreign]));
    expect(refused.json()).toEqual({ configuration_ids: ["Every configuration must be one of this project's."] });
    expect((await alice.post(ROUTES.checks(mine.project), check([]))).statusCode).toBe(400);
    const judge = { name: 'j', type: 'llm_judge', value: 'Correct?', ai_model_id: 1, configuration_ids: [own] };
    expect(Object.keys((await alice.post(ROUTES.checks(mine.project), judge)).json())).toEqual(['configuration_ids']);
    const ok = await alice.post(ROUTES.checks(mine.project), check([own]));
    expect(ok.json()).toMatchObject({ configuration_ids: [own] });
    expect((await alice.get(ROUTES.checks(mine.project))).json()[0].configuration_ids).toEqual([own]);
  });

  it("answers 404 on another user's project or check, and changes nothing", async () => {
    const alice = await signedInClient(ctx.app);
    const mallory = await signedInClient(ctx.app);
    const { project } = await projectWithInput(alice);
    const check = (await alice.post(ROUTES.checks(project), { name: 'c', type: 'contains', value: 'x' })).json();
    const body = { name: 'stolen', type: 'contains', value: 'y' };
    expect((await mallory.get(ROUTES.checks(project))).statusCode).toBe(404);
    expect((await mallory.post(ROUTES.checks(project), body)).statusCode).toBe(404);
    expect((await mallory.put(ROUTES.check(check.id), body)).statusCode).toBe(404);
    expect((await mallory.delete(ROUTES.check(check.id))).statusCode).toBe(404);
    expect((await alice.get(ROUTES.checks(project))).json()).toEqual([check]);
  });

  it("deletes a project's checks with the project", async () => {
    const alice = await signedInClient(ctx.app);
    const { project } = await projectWithInput(alice);
    const check = (await alice.post(ROUTES.checks(project), { name: 'c', type: 'is_json' })).json();
    expect((await alice.delete(ROUTES.project(project))).statusCode).toBe(204);
    expect((await alice.put(ROUTES.check(check.id), { name: 'c', type: 'is_json' })).statusCode).toBe(404);
  });
});
