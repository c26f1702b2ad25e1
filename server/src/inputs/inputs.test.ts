import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTokens } from 'gpt-tokenizer';
import { ROUTES, type Input } from '@promptgrid/contract';
import { createTestApp, embeddedDatabaseOnly, signedInClient, TestClient } from '../../test/harness.js';

describe.each(embeddedDatabaseOnly)('inputs API on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx?.close());

  async function withProject(name = 'Support') {
    const client = await signedInClient(ctx.app);
    const project = (await client.post(ROUTES.projects, { name, description: 'Replies' })).json();
    return { client, project };
  }

  it('creates, lists, updates (active flag) and deletes inputs with gpt-tokenizer token counts', async () => {
    const { client, project } = await withProject();
    const content = 'My order #1234 arrived broken. Can I get a refund? 🙏';
    const created = await client.post(ROUTES.inputs(project.id), { id: null, name: '  Refund ', content });
    expect(created.statusCode).toBe(201);
    const input = created.json();
    expect(input).toEqual({
      id: expect.any(Number),
      project: project.id,
      name: 'Refund',
      content,
      messages: null,
      variables: {},
      expected_output: null,
      active: true,
      token_count: countTokens(content),
      images: [],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(input.token_count).toBeGreaterThan(5);
    const second = (
      await client.post(ROUTES.inputs(project.id), { name: 'Greeting', content: 'Hi', active: false })
    ).json();
    expect(second.active).toBe(false);

    const listed = await client.get(ROUTES.inputs(project.id));
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((i: { id: number }) => i.id)).toEqual([input.id, second.id]);

    // The client sends the whole input back with the changed flag, read-only fields included.
    const toggled = await client.put(ROUTES.input(project.id, input.id), { ...input, active: false });
    expect(toggled.statusCode).toBe(200);
    expect(toggled.json()).toMatchObject({
      id: input.id,
      active: false,
      content,
      token_count: input.token_count,
      created_at: input.created_at,
    });

    const edited = await client.put(ROUTES.input(project.id, input.id), {
      name: 'Refund v2',
      content: 'Refund please',
    });
    expect(edited.json()).toMatchObject({
      name: 'Refund v2',
      content: 'Refund please',
      token_count: countTokens('Refund please'),
      active: false,
    });

    expect((await client.get(ROUTES.project(project.id))).json().input_count).toBe(2);
    const deleted = await client.delete(ROUTES.input(project.id, input.id));
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await client.get(ROUTES.inputs(project.id))).json().map((i: { id: number }) => i.id)).toEqual([second.id]);
    expect((await client.get(ROUTES.project(project.id))).json().input_count).toBe(1);
    expect((await client.delete(ROUTES.input(project.id, input.id))).statusCode).toBe(404);
    expect((await client.put(ROUTES.input(project.id, input.id), { name: 'x', content: 'y' })).statusCode).toBe(404);
  });

  it('answers 400 with field messages for missing or blank name and content', async () => {
    const { client, project } = await withProject();
    const blank = await client.post(ROUTES.inputs(project.id), { name: ' ', content: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ name: ['Name is required.'], content: ['Content is required.'] });
    const missing = await client.post(ROUTES.inputs(project.id), {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ name: ['Name is required.'], content: ['Content is required.'] });
    const input = (await client.post(ROUTES.inputs(project.id), { name: 'a', content: 'b' })).json();
    const badUpdate = await client.put(ROUTES.input(project.id, input.id), { name: 'a', content: '', active: 'yes' });
    expect(badUpdate.statusCode).toBe(400);
    expect(Object.keys(badUpdate.json()).sort()).toEqual(['active', 'content']);
    expect((await client.get(ROUTES.inputs(project.id))).json()[0]).toMatchObject({
      name: 'a',
      content: 'b',
      active: true,
    });
  });

  it('answers 401 without a session and 403 without the CSRF token', async () => {
    const { client, project } = await withProject();
    const input = (await client.post(ROUTES.inputs(project.id), { name: 'a', content: 'b' })).json();
    const anonymous = new TestClient(ctx.app);
    await anonymous.fetchCsrf();
    expect((await anonymous.get(ROUTES.inputs(project.id))).statusCode).toBe(401);
    expect((await anonymous.post(ROUTES.inputs(project.id), { name: 'a', content: 'b' })).statusCode).toBe(401);
    expect((await anonymous.put(ROUTES.input(project.id, input.id), { name: 'a', content: 'c' })).statusCode).toBe(401);
    expect((await anonymous.delete(ROUTES.input(project.id, input.id))).statusCode).toBe(401);

    expect(
      (await client.post(ROUTES.inputs(project.id), { name: 'x', content: 'y' }, { csrf: false })).statusCode,
    ).toBe(403);
    expect(
      (await client.put(ROUTES.input(project.id, input.id), { name: 'x', content: 'y' }, { csrf: false })).statusCode,
    ).toBe(403);
    expect((await client.delete(ROUTES.input(project.id, input.id), { csrf: false })).statusCode).toBe(403);
    expect((await client.get(ROUTES.inputs(project.id))).json()).toEqual([input]);
  });

  it("answers 404 for another user's project or input on every route, and for ids of another project", async () => {
    const alice = await withProject('Alice');
    const bob = await withProject('Bob');
    const input = (
      await alice.client.post(ROUTES.inputs(alice.project.id), { name: 'secret', content: 'mine' })
    ).json();

    expect((await bob.client.get(ROUTES.inputs(alice.project.id))).statusCode).toBe(404);
    expect((await bob.client.post(ROUTES.inputs(alice.project.id), { name: 'x', content: 'y' })).statusCode).toBe(404);
    expect(
      (await bob.client.put(ROUTES.input(alice.project.id, input.id), { name: 'x', content: 'y' })).statusCode,
    ).toBe(404);
    expect((await bob.client.delete(ROUTES.input(alice.project.id, input.id))).statusCode).toBe(404);
    // Alice's input id under Bob's own project path.
    expect((await bob.client.put(ROUTES.input(bob.project.id, input.id), { name: 'x', content: 'y' })).statusCode).toBe(
      404,
    );
    expect((await bob.client.delete(ROUTES.input(bob.project.id, input.id))).statusCode).toBe(404);
    expect((await bob.client.post(ROUTES.inputDuplicate(alice.project.id, input.id))).statusCode).toBe(404);
    expect((await bob.client.post(ROUTES.inputDuplicate(bob.project.id, input.id))).statusCode).toBe(404);
    // Alice's project id inside Bob's payload.
    expect(
      (await bob.client.post(ROUTES.inputs(bob.project.id), { name: 'x', content: 'y', project: alice.project.id }))
        .statusCode,
    ).toBe(404);
    // An input addressed through another project of the same user.
    const other = (await alice.client.post(ROUTES.projects, { name: 'Other', description: 'x' })).json();
    expect((await alice.client.put(ROUTES.input(other.id, input.id), { name: 'x', content: 'y' })).statusCode).toBe(
      404,
    );
    expect((await alice.client.get(ROUTES.input(alice.project.id, input.id))).statusCode).toBe(404); // the API has no GET of one input

    expect((await bob.client.get(ROUTES.inputs(bob.project.id))).json()).toEqual([]);
    expect((await alice.client.get(ROUTES.inputs(alice.project.id))).json()).toEqual([input]);
    expect((await bob.client.get(ROUTES.inputs(999_999))).statusCode).toBe(404);
  });

  it("duplicates an input as 'Copy of {name}' with its content, variables and expected output; 404 for an unknown one", async () => {
    const { client, project } = await withProject('Copies');
    const input = (
      await client.post(ROUTES.inputs(project.id), { name: 'Refund', content: 'Where is my refund?' })
    ).json();
    await client.put(ROUTES.input(project.id, input.id), {
      name: 'Refund',
      content: 'Where is my refund?',
      variables: { order: 'A-17' },
      expected_output: 'It is on its way.',
      active: false,
    });
    const copy = await client.post(ROUTES.inputDuplicate(project.id, input.id));
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toEqual({
      id: expect.any(Number),
      project: project.id,
      name: 'Copy of Refund',
      content: 'Where is my refund?',
      messages: null,
      variables: { order: 'A-17' },
      expected_output: 'It is on its way.',
      active: false,
      token_count: input.token_count,
      images: [],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await client.get(ROUTES.inputs(project.id))).json().map((i: { name: string }) => i.name)).toEqual([
      'Refund',
      'Copy of Refund',
    ]);
    const longName = (await client.post(ROUTES.inputs(project.id), { name: 'n'.repeat(200), content: 'c' })).json();
    expect((await client.post(ROUTES.inputDuplicate(project.id, longName.id))).json().name).toHaveLength(200);
    expect((await client.post(ROUTES.inputDuplicate(project.id, 999_999))).statusCode).toBe(404);
  });

  it("adding, changing or deleting an input bumps the project's updated_at and its place in the list", async () => {
    const client = await signedInClient(ctx.app);
    const first = (await client.post(ROUTES.projects, { name: 'First', description: 'x' })).json();
    const second = (await client.post(ROUTES.projects, { name: 'Second', description: 'x' })).json();
    const order = async () => (await client.get(ROUTES.projects)).json().map((p: { id: number }) => p.id);
    expect(await order()).toEqual([second.id, first.id]);

    const input = (await client.post(ROUTES.inputs(first.id), { name: 'a', content: 'b' })).json();
    expect(await order()).toEqual([first.id, second.id]);
    const afterCreate = (await client.get(ROUTES.project(first.id))).json();
    expect(Date.parse(afterCreate.updated_at)).toBeGreaterThan(Date.parse(first.updated_at));
    expect(afterCreate.input_count).toBe(1);

    await client.post(ROUTES.inputs(second.id), { name: 'a', content: 'b' });
    expect(await order()).toEqual([second.id, first.id]);
    await client.put(ROUTES.input(first.id, input.id), { ...input, active: false });
    expect(await order()).toEqual([first.id, second.id]);
    await client.post(ROUTES.inputs(second.id), { name: 'c', content: 'd' });
    await client.delete(ROUTES.input(first.id, input.id));
    expect(await order()).toEqual([first.id, second.id]);
  });

  it('answers 409 with the saved input when it was saved since the version the client edited', async () => {
    const { client, project } = await withProject();
    const opened = (await client.post(ROUTES.inputs(project.id), { name: 'Refund', content: 'Refund please' })).json();
    const other = await client.put(ROUTES.input(project.id, opened.id), { ...opened, content: 'Refund now' });
    expect(other.statusCode).toBe(200);

    // The web app sends the input it opened back with the changes, its updated_at included.
    const stale = await client.put(ROUTES.input(project.id, opened.id), { ...opened, content: 'Exchange please' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      detail: expect.stringContaining('This user prompt was changed elsewhere'),
      current: other.json(),
    });
    expect((await client.get(ROUTES.inputs(project.id))).json()[0].content).toBe('Refund now');

    const overwritten = await client.put(ROUTES.input(project.id, opened.id), {
      ...other.json<Input>(),
      content: 'Exchange please',
    });
    expect(overwritten.json().content).toBe('Exchange please');
    const withoutPrecondition = await client.put(ROUTES.input(project.id, opened.id), { name: 'Old', content: 'x' });
    expect(withoutPrecondition.statusCode).toBe(200);
  });
});
