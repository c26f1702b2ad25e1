import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type ImportPreview, type Input } from '@promptgrid/contract';
import { createTestApp, embeddedDatabaseOnly, signedInClient } from '../../test/harness.js';

/** A file's bytes as the browser sends them: base64. */
const base64 = (text: string, encoding: string) => iconv.encode(text, encoding).toString('base64');

const TICKETS = 'ticket;category\nLe café coûte 5 € de trop;facturation\nMot de passe oublié;compte\n';

describe.each(embeddedDatabaseOnly)('reading an imported file on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx?.close());

  async function withProject() {
    const client = await signedInClient(ctx.app);
    const project = (await client.post(ROUTES.projects, { name: 'Data', description: 'Cases' })).json().id as number;
    const preview = async (body: object) => {
      const response = await client.post(ROUTES.inputsImportPreview(project), { format: 'csv', ...body });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ImportPreview>();
    };
    return { client, project, preview };
  }

  it.each([
    ['a Windows-1252 file', 'win1252', 'windows-1252'],
    ['a UTF-8 file with a byte-order mark', 'utf8-bom', 'UTF-8'],
    ['a UTF-8 file without one', 'utf8', 'UTF-8'],
    ['a UTF-16 LE file', 'utf16le-bom', 'UTF-16LE'],
    ['a UTF-16 BE file', 'utf16be-bom', 'UTF-16BE'],
  ])('reads é and € of %s sent as bytes', async (_, encoding, detected) => {
    const { preview } = await withProject();
    const [name = encoding, bom] = encoding.split('-');
    const bytes = Buffer.concat([
      bom ? iconv.encode('\uFEFF', name) : Buffer.alloc(0),
      iconv.encode(TICKETS, name === 'win1252' ? 'win1252' : name),
    ]);
    const read = await preview({ data_base64: bytes.toString('base64') });
    expect(read).toMatchObject({ encoding: detected, delimiter: ';', total_rows: 2, errors: [] });
    expect(read.rows[0]).toMatchObject({ content: 'Le café coûte 5 € de trop', expected_output: 'facturation' });
    expect(read.sample[0]).toEqual(['ticket', 'category']);
  });

  it('reads UTF-16 LE without a byte-order mark', async () => {
    const { preview } = await withProject();
    const read = await preview({ data_base64: base64(TICKETS, 'utf16le') });
    expect(read).toMatchObject({ encoding: 'UTF-16LE', delimiter: ';', total_rows: 2 });
    expect(read.rows[1]).toMatchObject({ content: 'Mot de passe oublié', expected_output: 'compte' });
  });

  it('says in a sentence that a file is empty or not text, and reads a UTF-16 file of another script', async () => {
    const { preview } = await withProject();
    const empty = [{ row: 0, field: 'data', message: 'The file is empty.' }];
    expect((await preview({ data_base64: '' })).errors).toEqual(empty);
    expect((await preview({ format: 'jsonl', data: '\n  \n' })).errors).toEqual(empty);
    // The first bytes of a PNG image, and of a spreadsheet saved as .xlsx (a zip).
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000100000001008060000001ff3ff61', 'hex');
    const xlsx = Buffer.concat([
      Buffer.from('504b0304140006000800000021006287', 'hex'),
      Buffer.from('[Content_Types].xml'),
    ]);
    for (const bytes of [png, xlsx])
      expect((await preview({ data_base64: bytes.toString('base64') })).errors).toEqual([
        { row: 0, field: 'data', message: 'This is not a text file: choose a CSV file saved as text.' },
      ]);
    const greek = await preview({ data_base64: base64('ερώτηση\nΠού είναι το δέμα μου;\n', 'utf16le') });
    expect(greek).toMatchObject({ errors: [], total_rows: 1 });
  });

  it.each([
    ['tabs', '\t'],
    ['pipes', '|'],
    ['semicolons', ';'],
    ['commas', ','],
  ])('finds the delimiter of a file with %s, quoted newlines and quoted delimiters included', async (_, delimiter) => {
    const { preview } = await withProject();
    const data = [
      ['question', 'answer', 'city'].join(delimiter),
      ['"Line one\nline two"', `"a${delimiter}b"`, 'Paris'].join(delimiter),
      ['Plain', 'c', 'Oslo'].join(delimiter),
    ].join('\r\n');
    const read = await preview({ data });
    expect(read).toMatchObject({ delimiter, total_rows: 2, errors: [] });
    expect(read.rows[0]).toMatchObject({
      content: 'Line one\nline two',
      expected_output: `a${delimiter}b`,
      variables: { city: 'Paris' },
    });
  });

  it('maps common headers to the input and its expected output, unless a column has the field name', async () => {
    const { preview } = await withProject();
    for (const header of ['input', 'question', 'prompt', 'text', 'ticket', 'Ticket'])
      expect((await preview({ data: `${header},x\nHi,1\n` })).columns[0]).toEqual({
        column: header,
        target: 'content',
      });
    for (const header of ['expected', 'ideal', 'answer', 'label', 'category', '__expected'])
      expect((await preview({ data: `content,${header}\nHi,1\n` })).columns[1]).toEqual({
        column: header,
        target: 'expected_output',
      });
    const both = await preview({ data: 'content,text\nHi,there\n' });
    expect(both.columns).toEqual([
      { column: 'content', target: 'content' },
      { column: 'text', target: 'variable' },
    ]);
  });

  it('reads columns as the columns field says, ignores some, and the project remembers the mapping', async () => {
    const { client, project, preview } = await withProject();
    const data = 'Ticket ID,body,topic\n17,Refund please,billing\n18,Login fails,account\n';
    const unmapped = await preview({ data });
    expect(unmapped.errors).toEqual([expect.objectContaining({ row: 1, field: 'Ticket ID' }), expect.anything()]);
    expect(unmapped.columns.map((c) => c.target)).toEqual(['variable', 'variable', 'variable']);

    const columns = { 'Ticket ID': 'ignore', body: 'content', topic: 'expected_output' };
    const mapped = await preview({ data, columns });
    expect(mapped.errors).toEqual([]);
    expect(mapped.rows[0]).toEqual({
      name: 'Refund please',
      content: 'Refund please',
      messages: null,
      variables: {},
      expected_output: 'billing',
      active: true,
    });
    const imported = await client.post(ROUTES.inputsImport(project), { format: 'csv', data, columns });
    expect(imported.statusCode, imported.body).toBe(201);

    // The next file with these headers reads the same without a mapping; one the request names still wins.
    const next = await preview({ data: 'Ticket ID,body,topic\n19,Where is my order,shipping\n' });
    expect(next.columns.map((c) => c.target)).toEqual(['ignore', 'content', 'expected_output']);
    const overridden = await preview({ data, columns: { topic: 'name' } });
    expect(overridden.rows[0]).toMatchObject({ name: 'billing', expected_output: null });
    const inputs = (await client.get(ROUTES.inputs(project))).json<Input[]>();
    expect(inputs.map((input) => input.expected_output)).toEqual(['billing', 'account']);
  });

  it('reads a CSV column mapped to a variable as that variable, whatever its header would map to', async () => {
    const { client, project, preview } = await withProject();
    const data = 'question,answer,tone\nWhere is Paris?,France,calm\n';
    const columns = { answer: 'variable', tone: 'ignore' };
    const mapped = await preview({ data, columns });
    expect(mapped.columns).toEqual([
      { column: 'question', target: 'content' },
      { column: 'answer', target: 'variable' },
      { column: 'tone', target: 'ignore' },
    ]);
    expect(mapped.rows[0]).toMatchObject({ variables: { answer: 'France' }, expected_output: null });
    expect((await client.post(ROUTES.inputsImport(project), { format: 'csv', data, columns })).statusCode).toBe(201);
    const [input] = (await client.get(ROUTES.inputs(project))).json<Input[]>();
    expect(input).toMatchObject({ content: 'Where is Paris?', variables: { answer: 'France' }, expected_output: null });
  });

  it("maps a JSONL file's fields like CSV columns: common names, a variables object, the columns field", async () => {
    const { client, project, preview } = await withProject();
    const data =
      '{"question":"Refund please","label":"billing","id":17,"variables":{"tone":"calm"}}\n' +
      '{"question":"Login fails","label":"account","id":18,"priority":"high"}\n';
    const read = await preview({ format: 'jsonl', data });
    expect(read).toMatchObject({ delimiter: null, total_rows: 2, errors: [] });
    expect(read.columns).toEqual([
      { column: 'question', target: 'content' },
      { column: 'label', target: 'expected_output' },
      { column: 'id', target: 'variable' },
      { column: 'variables.tone', target: 'variable' },
      { column: 'priority', target: 'variable' },
    ]);
    // The mapping table shows the fields' values under them, as a CSV file's first records.
    expect(read.sample).toEqual([
      ['question', 'label', 'id', 'variables.tone', 'priority'],
      ['Refund please', 'billing', '17', 'calm', ''],
      ['Login fails', 'account', '18', '', 'high'],
    ]);
    expect(read.rows[0]).toMatchObject({ variables: { id: '17', tone: 'calm' }, expected_output: 'billing' });
    // A field a line leaves out is absent from that row's variables, not empty.
    expect(read.rows[1]?.variables).toEqual({ id: '18', priority: 'high' });

    const columns = { id: 'ignore', label: 'name', priority: 'variable' };
    const remapped = await preview({ format: 'jsonl', data, columns });
    expect(remapped.rows[0]).toEqual({
      name: 'billing',
      content: 'Refund please',
      variables: { tone: 'calm' },
      expected_output: null,
      messages: null,
      active: true,
    });
    const imported = await client.post(ROUTES.inputsImport(project), { format: 'jsonl', data, columns });
    expect(imported.statusCode, imported.body).toBe(201);
    const inputs = (await client.get(ROUTES.inputs(project))).json<Input[]>();
    expect(inputs.map((input) => [input.name, input.variables])).toEqual([
      ['billing', { tone: 'calm' }],
      ['account', { priority: 'high' }],
    ]);
  });

  it('answers 400 with field messages for a body with both, neither or bad bytes, or a bad mapping', async () => {
    const { client, project } = await withProject();
    const send = (body: object) => client.post(ROUTES.inputsImport(project), { format: 'csv', ...body });
    expect((await send({})).json()).toEqual({
      data: ['Send the file as data (its text) or data_base64 (its bytes), one of the two.'],
    });
    expect((await send({ data: 'content\nA\n', data_base64: 'QQ==' })).statusCode).toBe(400);
    expect((await send({ data_base64: 'not base64!' })).json()).toEqual({
      data_base64: ['data_base64 is not base64.'],
    });
    const badTarget = await send({ data: 'content\nA\n', columns: { content: 'body' } });
    expect(badTarget.statusCode).toBe(400);
    expect(Object.keys(badTarget.json())).toEqual(['columns.content']);
  });
});

describe.each(embeddedDatabaseOnly)('previewing a file for a new project on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx?.close());

  it('reads the file as a project import would, with no project yet', async () => {
    const client = await signedInClient(ctx.app);
    const response = await client.post(ROUTES.newProjectImportPreview, {
      format: 'csv',
      data_base64: base64(TICKETS, 'win1252'),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      encoding: 'windows-1252',
      total_rows: 2,
      columns: [
        { column: 'ticket', target: 'content' },
        { column: 'category', target: 'expected_output' },
      ],
    });
  });
});
