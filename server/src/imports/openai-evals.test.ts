import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@promptgrid/contract';
import { createTestApp, signedInClient } from '../../test/harness.js';

const jsonl = (...rows: object[]) => rows.map((row) => JSON.stringify(row)).join('\n') + '\n';
const SYSTEM = { role: 'system', content: 'Answer with the capital only.' };
const user = (content: string) => ({ role: 'user', content });

/** A registry eval as the `evals` repository writes one: the eval, its spec, and its samples (ideal string and list). */
const registry = (className: string, args = '') => `capitals:
  id: capitals.dev.v0
  metrics: [accuracy]
  description: Capitals of countries
capitals.dev.v0:
  class: ${className}
  args:
    samples_jsonl: capitals/samples.jsonl${args}
`;
const SAMPLES = jsonl(
  { input: [SYSTEM, user('France?')], ideal: 'Paris' },
  {
    input: [SYSTEM, user('Bolivia?'), { role: 'assistant', content: 'Which one?' }, user('Either')],
    ideal: ['Sucre', 'La Paz'],
  },
  { input: [SYSTEM, user('Spain?')], ideal: 'Madrid' },
);
const registryFiles = (className: string, args = '') => [
  { name: 'capitals.yaml', data: registry(className, args) },
  { name: 'capitals/samples.jsonl', data: SAMPLES },
];

/** A hosted eval object as the API returns it, and its data file. */
const HOSTED = {
  object: 'eval',
  id: 'eval_67abd54d9b0081909a86353f6fb9317a',
  name: 'Ticket triage',
  data_source_config: { type: 'custom', item_schema: { type: 'object' }, include_sample_schema: true },
  testing_criteria: [
    {
      type: 'string_check',
      name: 'Match label',
      input: '{{sample.output_text}}',
      operation: 'eq',
      reference: '{{item.label}}',
    },
    {
      type: 'string_check',
      name: 'Not refused',
      input: '{{sample.output_text}}',
      operation: 'ne',
      reference: 'REFUSED',
    },
    {
      type: 'string_check',
      name: 'Mentions ticket',
      input: '{{sample.output_text}}',
      operation: 'ilike',
      reference: 'ticket',
    },
    { type: 'string_check', name: 'Has bug', input: '{{sample.output_text}}', operation: 'like', reference: 'bug' },
    {
      type: 'text_similarity',
      name: 'Close',
      input: '{{sample.output_text}}',
      reference: '{{item.label}}',
      evaluation_metric: 'fuzzy_match',
      pass_threshold: 0.8,
    },
    {
      type: 'label_model',
      name: 'Tone',
      model: 'gpt-4o-mini',
      input: [{ role: 'developer', content: 'Label the tone of {{sample.output_text}} for ticket {{item.ticket}}.' }],
      labels: ['polite', 'rude'],
      passing_labels: ['polite'],
    },
    {
      type: 'score_model',
      name: 'Helpful',
      model: 'o3-mini-nowhere',
      input: [{ role: 'system', content: 'Score 1-7 how helpful {{sample.output_text}} is.' }],
      range: [1, 7],
      pass_threshold: 5,
    },
    { type: 'python', name: 'Custom', source: 'def grade(sample, item): return 1' },
  ],
};
const HOSTED_DATA = jsonl(
  { item: { ticket: 'The app crashes on start', label: 'bug' } },
  { item: { ticket: 'Please refund me', label: 'billing' } },
  { item: { input: [user('Refund, now!')], label: 'billing' } },
);
const hostedFiles = [
  { name: 'eval.json', data: JSON.stringify(HOSTED, null, 2) },
  { name: 'data.jsonl', data: HOSTED_DATA },
];

type ImportedInput = { content: string; expected_output: string | null; variables: object };
/** What an input was read as: its content, expected output and variables. */
const readInputs = (inputs: ImportedInput[]) => inputs.map((i) => [i.content, i.expected_output, i.variables]);

type Check = { name: string; type: string; value: string; input_ids: number[] | null; ai_model_id: number | null };

describe('importing OpenAI Evals', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
  });
  afterAll(() => ctx?.close());

  async function imported(files: object[], format = 'auto') {
    const alice = await signedInClient(ctx.app);
    const response = await alice.post(ROUTES.importProject, { format, files });
    expect(response.statusCode, response.body).toBe(201);
    const projectId = response.json().project_id as number;
    return {
      report: response.json().report,
      configurations: (await alice.get(ROUTES.configurations(projectId))).json(),
      inputs: (await alice.get(ROUTES.inputs(projectId))).json(),
      checks: (await alice.get(ROUTES.checks(projectId))).json<Check[]>(),
    };
  }

  it('reads a registry Match eval: samples as conversations, the shared system prompt, a check per ideal set', async () => {
    const { report, configurations, inputs, checks } = await imported(registryFiles('evals.elsuite.basic.match:Match'));
    expect(report).toMatchObject({
      format: 'openai_evals',
      project_name: 'capitals',
      inputs: 3,
      configurations: [{ name: 'capitals', model: 'openai - gpt-4.1-mini' }],
    });
    expect(report.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'changed', what: 'model under test', file: 'capitals.yaml', line: 6 }),
      ]),
    );
    expect(configurations).toHaveLength(1);
    expect(configurations[0]).toMatchObject({ prompt: { content: 'Answer with the capital only.' } });
    expect(readInputs(inputs)).toEqual([
      ['France?', 'Paris', {}],
      ['Either', 'Sucre', {}],
      ['Spain?', 'Madrid', {}],
    ]);
    expect(inputs[1].messages).toEqual([
      user('Bolivia?'),
      { role: 'assistant', content: 'Which one?' },
      user('Either'),
    ]);
    expect(checks.map((c) => [c.type, c.value, c.input_ids])).toEqual([
      ['regex', '^(?:Paris)', [inputs[0].id]],
      ['regex', '^(?:Sucre|La Paz)', [inputs[1].id]],
      ['regex', '^(?:Madrid)', [inputs[2].id]],
    ]);
    expect(checks[1]!.name).toBe('Starts with "Sucre" or "La Paz"');
  });

  it('maps Includes to the expected output where a sample has one ideal, and to a regex over a list of ideals', async () => {
    const { checks, inputs } = await imported(registryFiles('evals.elsuite.basic.includes:Includes'));
    expect(checks.map((c) => [c.type, c.value, c.input_ids])).toEqual([
      ['contains_expected', '', [inputs[0].id, inputs[2].id]],
      ['regex', 'Sucre|La Paz', [inputs[1].id]],
    ]);
  });

  it('maps FuzzyMatch to a case-insensitive regex over the ideals and reports it as approximate', async () => {
    const { checks, report } = await imported(registryFiles('evals.elsuite.basic.fuzzy_match:FuzzyMatch'));
    expect(checks[0]).toMatchObject({ type: 'regex', value: '[pP][aA][rR][iI][sS]' });
    expect(report.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'changed', what: "eval class 'evals.elsuite.basic.fuzzy_match:FuzzyMatch'" }),
      ]),
    );
  });

  it('maps model-graded classification to a judge on the spec’s prompt, and lists unknown classes and arguments', async () => {
    const spec = [
      'fact:',
      '  prompt: Compare the submission {completion} with the expert answer {ideal}.',
      '  choice_strings: ABCDE',
      '  choice_scores: {A: 0.0, B: 1.0, C: 1.0}',
    ].join('\n');
    const { checks, report } = await imported([
      ...registryFiles(
        'evals.elsuite.modelgraded.classify:ModelBasedClassify',
        '\n    eval_type: cot_classify\n    modelgraded_spec: fact\n    max_tokens: 10',
      ),
      { name: 'fact.yaml', data: spec },
    ]);
    expect(checks).toEqual([expect.objectContaining({ name: 'Judge: fact', type: 'llm_judge', input_ids: null })]);
    expect(checks[0]!.value).toContain('Compare the submission {completion}');
    expect(checks[0]!.value).toContain('passes when the choice is B or C');
    expect(checks[0]!.ai_model_id).not.toBeNull();
    expect(report.items.map((i: { what: string }) => i.what)).toEqual(
      expect.arrayContaining(["eval_type 'cot_classify'", "argument 'max_tokens'", "model-graded spec 'fact'"]),
    );

    const alice = await signedInClient(ctx.app);
    const unknown = await alice.post(ROUTES.importProjectPreview, {
      files: registryFiles('evals.elsuite.multiple_choice:MultipleChoice'),
    });
    expect(unknown.statusCode, unknown.body).toBe(200);
    expect(unknown.json().items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'skipped',
          what: "eval class 'evals.elsuite.multiple_choice:MultipleChoice'",
          line: 6,
        }),
      ]),
    );
    expect(unknown.json().checks).toEqual([]);
  });

  it('keeps differing system turns as each input’s {{system}} variable', async () => {
    const samples = jsonl(
      { input: [SYSTEM, user('France?')], ideal: 'Paris' },
      { input: [{ role: 'system', content: 'Be brief.' }, user('Spain?')], ideal: 'Madrid' },
    );
    const { configurations, inputs } = await imported([
      { name: 'capitals.yaml', data: registry('evals.elsuite.basic.match:Match') },
      { name: 'samples.jsonl', data: samples },
    ]);
    expect(configurations[0].prompt.content).toBe('{{system}}');
    expect(inputs.map((i: { variables: object }) => i.variables)).toEqual([
      { system: 'Answer with the capital only.' },
      { system: 'Be brief.' },
    ]);
  });

  it('reads a hosted eval object: items as variables, each string check, judges for model graders, the rest reported', async () => {
    const { report, configurations, inputs, checks } = await imported(hostedFiles, 'openai_evals');
    expect(report).toMatchObject({ format: 'openai_evals', project_name: 'Ticket triage', inputs: 3 });
    expect(configurations).toHaveLength(1);
    expect(readInputs(inputs)).toEqual([
      ['The app crashes on start', 'bug', { ticket: 'The app crashes on start', label: 'bug' }],
      ['Please refund me', 'billing', { ticket: 'Please refund me', label: 'billing' }],
      ['Refund, now!', 'billing', { label: 'billing' }],
    ]);
    expect(inputs[2].messages).toEqual([user('Refund, now!')]);
    const byName = (name: string) => checks.find((c) => c.name === name);
    expect(byName('Match label')).toMatchObject({ type: 'equals_expected', value: 'exact' });
    const notRefused = new RegExp(byName('Not refused')!.value, 'u');
    expect(['REFUSED', 'REFUSE', 'REFUSED!', 'REFUSEd', ''].map((output) => notRefused.test(output))).toEqual([
      false,
      true,
      true,
      true,
      true,
    ]);
    expect(byName('Mentions ticket')).toMatchObject({ type: 'regex', value: '[tT][iI][cC][kK][eE][tT]' });
    expect(byName('Has bug')).toMatchObject({ type: 'contains', value: 'bug' });
    expect(byName('Tone')).toMatchObject({ type: 'llm_judge' });
    expect(byName('Tone')!.value).toBe(
      'Label the tone of (the output) for ticket {{ticket}}.\n\nThe output passes when the label is polite.',
    );
    expect(byName('Helpful')!.value).toContain('passes when its score is at least 5');
    expect(checks).toHaveLength(6);
    const items = report.items.map((i: { kind: string; what: string; line: number | null }) => [
      i.kind,
      i.what,
      i.line,
    ]);
    expect(items).toEqual(
      expect.arrayContaining([
        ['skipped', "text_similarity 'Close'", 41],
        ['skipped', "python 'Custom'", 83],
        ['changed', "grader model 'o3-mini-nowhere'", 67],
      ]),
    );
  });

  it('takes the prompt template, model and sampling of a run object uploaded with the eval', async () => {
    const run = {
      object: 'eval.run',
      id: 'evalrun_67abd54d60ec8190832b46859da808f7',
      eval_id: HOSTED.id,
      data_source: {
        type: 'completions',
        model: 'gpt-4o-mini',
        input_messages: {
          type: 'template',
          template: [
            { role: 'developer', content: 'Triage tickets into one label.' },
            { role: 'user', content: 'Ticket: crash on save' },
            { role: 'assistant', content: 'bug' },
            { type: 'message', role: 'user', content: { type: 'input_text', text: 'Ticket: {{item.ticket}}' } },
          ],
        },
        sampling_params: { temperature: 0.3, max_completions_tokens: 50 },
      },
    };
    const { report, configurations } = await imported([
      ...hostedFiles,
      { name: 'run.json', data: JSON.stringify(run) },
    ]);
    expect(report.configurations).toEqual([{ name: 'Ticket triage', model: 'openai - gpt-4o-mini' }]);
    expect(report.items.map((i: { what: string }) => i.what)).not.toContain('model under test');
    expect(configurations[0]).toMatchObject({
      prompt: { content: 'Triage tickets into one label.' },
      messages: [user('Ticket: crash on save'), { role: 'assistant', content: 'bug' }],
      user_template: 'Ticket: {{ticket}}',
      parameters: { temperature: 0.3, max_tokens: 50 },
    });
  });

  it('gives no line for items of a one-line JSON file, where every item is on line 1', async () => {
    const alice = await signedInClient(ctx.app);
    const response = await alice.post(ROUTES.importProjectPreview, {
      files: [{ name: 'eval.json', data: JSON.stringify(HOSTED) }, hostedFiles[1]],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().items.map((i: { line: number | null }) => i.line)).toEqual(
      response.json().items.map(() => null),
    );
  });

  it('answers 400 with a field message for files it cannot read, and creates nothing', async () => {
    const alice = await signedInClient(ctx.app);
    const cases: [string, object, RegExp][] = [
      [
        'a sample line that is not JSON',
        {
          files: [
            { name: 'capitals.yaml', data: registry('evals.elsuite.basic.match:Match') },
            { name: 'capitals/samples.jsonl', data: '{"input": [\n' },
          ],
        },
        /capitals\/samples.jsonl line 1: not valid JSON/,
      ],
      [
        'no samples file',
        { files: [{ name: 'capitals.yaml', data: registry('evals.elsuite.basic.match:Match') }] },
        /upload the samples file capitals\/samples.jsonl/,
      ],
      ['no eval file', { format: 'openai_evals', files: [{ name: 'notes.txt', data: 'hi' }] }, /No OpenAI Evals file/],
      ['no data file', { files: [hostedFiles[0]] }, /data file/],
    ];
    for (const [what, body, message] of cases) {
      const response = await alice.post(ROUTES.importProject, body);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
      expect(response.json().files?.[0], what).toMatch(message);
    }
    const badFormat = await alice.post(ROUTES.importProject, { format: 'evals', files: hostedFiles });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json()).toHaveProperty('format');
    expect((await alice.get(ROUTES.projects)).json()).toEqual([]);
  });
});
