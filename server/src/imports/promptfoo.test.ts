import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipSync, strToU8 } from 'fflate';
import { ROUTES, type Check, type Configuration, type ImportReportItem, type Input } from '@promptgrid/contract';
import { createTestApp, signedInClient } from '../../test/harness.js';

/** A promptfoo config in its documented shapes: a chat prompt from a file, a string prompt, providers as strings and
 * objects, tests inline and from CSV (with __expected columns) and a glob of YAML files, defaultTest, and assertions
 * Promptgrid has no check for. */
const CONFIG = `description: Support triage
prompts:
  - file://prompts/chat.json
  - id: file://prompts/plain.txt
    label: Plain
providers:
  - openai:chat:gpt-4.1-mini
  - id: anthropic:messages:claude-haiku-4-5
    label: Haiku
    config:
      temperature: 0.2
      max_tokens: 300
      top_k: 5
  - bedrock:anthropic.claude-v2
defaultTest:
  vars:
    tone: polite
  assert:
    - type: icontains
      value: thanks
tests:
  - description: Refund
    vars:
      question: I want my money back
    assert:
      - type: equals
        value: refund
      - type: contains-any
        value: [refund, money]
      - type: javascript
        value: output.length <= 200
      - type: llm-rubric
        value: Is it polite?
        threshold: 0.8
      - type: similar
        value: refund please
  - file://tests.csv
  - file://more/*.yaml
outputPath: results.json
`;
const CHAT = JSON.stringify([
  { role: 'system', content: 'You triage support tickets. Be {{tone}}.' },
  { role: 'user', content: 'Ticket: the app crashes' },
  { role: 'assistant', content: 'bug' },
  { role: 'user', content: 'Ticket: {{question}}' },
]);
const CSV = 'question,__expected,__expected2,__description\nWhere is my parcel?,shipping,contains: track,Parcel\n';
const MORE = `- description: Password
  vars:
    question: I forgot my password
  assert:
    - type: starts-with
      value: account
    - type: not-contains
      value: refund
    - type: python
      value: output == 'x'
`;
const FILES = [
  { name: 'promptfooconfig.yaml', data: CONFIG },
  { name: 'prompts/chat.json', data: CHAT },
  { name: 'prompts/plain.txt', data: 'Classify: {{question}}' },
  { name: 'tests.csv', data: CSV },
  { name: 'more/password.yaml', data: MORE },
];

describe('importing a promptfoo config', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
  });
  afterAll(() => ctx?.close());

  it('previews what it would create, and reports every key, provider and assertion it leaves out, by file and line', async () => {
    const alice = await signedInClient(ctx.app);
    const response = await alice.post(ROUTES.importProjectPreview, { files: FILES });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ format: 'promptfoo', project_name: 'Support triage', inputs: 3 });
    expect(report.configurations).toEqual([
      { name: 'prompts/chat.json', model: 'openai - gpt-4.1-mini' },
      { name: 'prompts/chat.json · Haiku', model: 'anthropic - claude-haiku-4-5' },
      { name: 'Plain', model: 'openai - gpt-4.1-mini' },
      { name: 'Plain · Haiku', model: 'anthropic - claude-haiku-4-5' },
    ]);
    const checks = report.checks.map((c: { name: string; type: string; inputs: number | null }) => [c.type, c.inputs]);
    expect(checks).toEqual([
      ['equals_expected', 2],
      ['regex', 1],
      ['max_chars', 1],
      ['llm_judge', 1],
      ['contains', 1],
      ['regex', 1],
      ['not_contains', 1],
      ['regex', null],
    ]);
    const items = report.items.map((i: { what: string; file: string; line: number | null }) => [
      i.what,
      i.file,
      i.line,
    ]);
    expect(items).toEqual(
      expect.arrayContaining([
        ["key 'outputPath'", 'promptfooconfig.yaml', 39],
        ["provider option 'top_k' of anthropic:messages:claude-haiku-4-5", 'promptfooconfig.yaml', 8],
        ["provider 'bedrock:anthropic.claude-v2'", 'promptfooconfig.yaml', 14],
        ["threshold of assertion 'llm-rubric'", 'promptfooconfig.yaml', 32],
        ["assertion type 'similar'", 'promptfooconfig.yaml', 35],
        ["assertion type 'python'", 'more/password.yaml', 9],
        ["prompt 'Plain'", 'promptfooconfig.yaml', 4],
      ]),
    );
    expect((await alice.get(ROUTES.projects)).json()).toEqual([]);
  });

  it('creates the project with its configurations, message templates, inputs, expected outputs and scoped checks', async () => {
    const alice = await signedInClient(ctx.app);
    const zip = zipSync(Object.fromEntries(FILES.map((file) => [file.name, strToU8(file.data)])));
    const response = await alice.post(ROUTES.importProject, {
      files: [{ name: 'suite.zip', data_base64: Buffer.from(zip).toString('base64') }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const projectId = response.json().project_id as number;

    const configurations = (await alice.get(ROUTES.configurations(projectId))).json();
    const chat = configurations.find((c: { name: string }) => c.name === 'prompts/chat.json · Haiku');
    expect(chat).toMatchObject({
      prompt: { content: 'You triage support tickets. Be {{tone}}.' },
      messages: [
        { role: 'user', content: 'Ticket: the app crashes' },
        { role: 'assistant', content: 'bug' },
      ],
      user_template: 'Ticket: {{question}}',
      parameters: { temperature: 0.2, max_tokens: 300 },
    });
    const plain = configurations.find((c: { name: string }) => c.name === 'Plain');
    expect(plain).toMatchObject({
      prompt: { content: 'You are a helpful assistant.' },
      user_template: 'Classify: {{question}}',
    });

    const inputs = (await alice.get(ROUTES.inputs(projectId))).json();
    expect(
      inputs.map((i: { name: string; content: string; expected_output: string | null; variables: object }) => [
        i.name,
        i.content,
        i.expected_output,
        i.variables,
      ]),
    ).toEqual([
      ['Refund', 'I want my money back', 'refund', { tone: 'polite', question: 'I want my money back' }],
      ['Parcel', 'Where is my parcel?', 'shipping', { tone: 'polite', question: 'Where is my parcel?' }],
      ['Password', 'I forgot my password', null, { tone: 'polite', question: 'I forgot my password' }],
    ]);
    const checks = (await alice.get(ROUTES.checks(projectId))).json();
    const byName = (name: string) => checks.find((c: { name: string }) => c.name === name);
    expect(byName('Equals the expected output')).toMatchObject({ type: 'equals_expected', value: 'exact' });
    expect(byName('Equals the expected output').input_ids).toHaveLength(2);
    expect(byName('Contains "thanks" (any case)')).toMatchObject({
      type: 'regex',
      value: '[tT][hH][aA][nN][kK][sS]',
      input_ids: null,
    });
    expect(byName('Judge: "Is it polite?"')).toMatchObject({ type: 'llm_judge', value: 'Is it polite?' });
    expect(byName('At most 200 characters')).toMatchObject({ type: 'max_chars', value: '200' });
  });

  it('reports what promptfoo would run (Nunjucks beyond {{variable}}, loader values) and keeps the texts as written', async () => {
    const alice = await signedInClient(ctx.app);
    const config = [
      'prompts:',
      '  - label: Pack',
      `    raw: 'Be {{tone}}. {{ range.constructor("return 1")() }} {% if x %}y{% endif %} {# c #}'`,
      'providers:',
      '  - openai:chat:gpt-4.1-mini',
      'tests:',
      '  - vars:',
      '      tone: calm',
      '      input: file://steal.js',
      '      helper: "package:evil:run"',
      '    assert:',
      '      - type: contains',
      '        value: "{{ env.HOME }}"',
      '      - type: icontains',
      '        value: hello',
      '',
    ].join('\n');
    const response = await alice.post(ROUTES.importProject, {
      files: [{ name: 'promptfooconfig.yaml', data: config }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const items = response.json<{ report: { items: ImportReportItem[] } }>().report.items;
    const why =
      'promptfoo runs it (a Nunjucks template or a loader); Promptgrid keeps it as plain text and never runs it.';
    expect(items).toEqual([
      {
        kind: 'changed',
        what: `"{{ range.constructor("return 1")() }}" in prompt 'Pack'`,
        why,
        file: 'promptfooconfig.yaml',
        line: 2,
      },
      { kind: 'changed', what: `"file:" in variable 'input'`, why, file: 'promptfooconfig.yaml', line: 7 },
      { kind: 'changed', what: `"package:" in variable 'helper'`, why, file: 'promptfooconfig.yaml', line: 7 },
      {
        kind: 'changed',
        what: `"{{ env.HOME }}" in assertion 'contains'`,
        why,
        file: 'promptfooconfig.yaml',
        line: 12,
      },
      {
        kind: 'changed',
        what: "prompt 'Pack'",
        why: 'It became the user message template; a configuration needs a system prompt, so it reads "You are a helpful assistant."',
        file: 'promptfooconfig.yaml',
        line: 2,
      },
    ]);
    const projectId = response.json<{ project_id: number }>().project_id;
    const [configuration] = (await alice.get(ROUTES.configurations(projectId))).json<Configuration[]>();
    expect(configuration!.user_template).toBe(
      'Be {{tone}}. {{ range.constructor("return 1")() }} {% if x %}y{% endif %} {# c #}',
    );
    const [input] = (await alice.get(ROUTES.inputs(projectId))).json<Input[]>();
    expect(input).toMatchObject({
      content: 'file://steal.js',
      variables: { tone: 'calm', helper: 'package:evil:run' },
    });
    const checks = (await alice.get(ROUTES.checks(projectId))).json<Check[]>();
    expect(checks.map((c) => c.value)).toContain('{{ env.HOME }}');
  });

  it('refuses hostile files with a clear 400, creates nothing, and keeps serving', async () => {
    const alice = await signedInClient(ctx.app);
    const bomb = `a: &a ["x","x","x","x","x","x","x","x","x"]\n${Array.from(
      { length: 12 },
      (_, i) =>
        `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(9)
          .fill(`*${String.fromCharCode(97 + i)}`)
          .join(',')}]`,
    ).join('\n')}\nprompts: [hi]\n`;
    const deep = `prompts: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`;
    const cases: [string, object, RegExp][] = [
      ['a YAML bomb', { files: [{ name: 'promptfooconfig.yaml', data: bomb }] }, /aliases/],
      ['10,000-deep nesting', { files: [{ name: 'promptfooconfig.yaml', data: deep }] }, /nested more than 64 levels/],
      [
        'a path outside the upload',
        { files: [{ name: 'promptfooconfig.yaml', data: 'prompts: [file://../../etc/passwd]\n' }] },
        /points outside the uploaded files/,
      ],
      [
        'a 50 MB file',
        { files: [{ name: 'promptfooconfig.yaml', data_base64: Buffer.alloc(50 * 1024 * 1024).toString('base64') }] },
        /The upload is larger than 20 MB/,
      ],
      ['no config', { files: [{ name: 'notes.txt', data: 'hello' }] }, /No promptfooconfig.yaml/],
    ];
    for (const [what, body, message] of cases) {
      const response = await alice.post(ROUTES.importProject, body);
      expect(response.statusCode, `${what}: ${response.body.slice(0, 200)}`).toBe(400);
      expect(response.body, what).toMatch(message);
    }
    expect((await alice.get(ROUTES.projects)).json()).toEqual([]);
    expect((await alice.post(ROUTES.importProjectPreview, { files: FILES })).statusCode).toBe(200);
  });

  it('answers 400 with field messages for a body that is not a list of files', async () => {
    const alice = await signedInClient(ctx.app);
    const response = await alice.post(ROUTES.importProject, { files: [{ name: 'a.yaml' }] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty(['files.0.data']);
  });

  it('takes the same files as multipart/form-data, one part per file', async () => {
    const alice = await signedInClient(ctx.app);
    const boundary = 'promptgrid-test-boundary';
    const part = (name: string, data: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n${data}\r\n`;
    const body =
      FILES.map((file) => part(file.name, file.data)).join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nTriage from form\r\n--${boundary}--\r\n`;
    const response = await alice.request('POST', ROUTES.importProject, body, {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().report).toMatchObject({ project_name: 'Triage from form', inputs: 3 });
  });
});
