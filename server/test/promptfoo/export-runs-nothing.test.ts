// The promptfoo export under the real `promptfoo eval`, against the fake OpenAI API on loopback: a project whose texts
// would run code, read files or read the runner's environment if promptfoo rendered them as templates or loaded them
// runs nothing, and promptfoo sends exactly the project's texts; a plain project's checks pass and fail as written.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, fillTemplate } from '@promptgrid/contract';
import { startFakeProviders, type FakeProviders } from '@promptgrid/test-support/fake-providers';
import { createTestApp, signedInClient, type TestClient } from '../harness.js';

const run = promisify(execFile);

/** The newest promptfoo whose engines take Node 20.19 (this repository's oldest Node); later ones need 20.20 or 22.22. */
const PROMPTFOO_VERSION = '0.115.0';
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Where it is installed: the repository's cache, or PROMPTFOO_PREFIX (CI keeps it outside the clone, across runs). */
const PREFIX =
  process.env.PROMPTFOO_PREFIX ?? path.join(ROOT, 'node_modules/.cache/promptgrid', `promptfoo-${PROMPTFOO_VERSION}`);
const MAIN = path.join(PREFIX, 'node_modules/promptfoo/dist/src/main.js');

/** promptfoo in its cached folder, installed there on first use (minutes: it is large, and not a dependency). */
async function installedPromptfoo(): Promise<string> {
  if (fs.existsSync(MAIN)) return MAIN;
  fs.mkdirSync(PREFIX, { recursive: true });
  try {
    await run(
      'npm',
      ['install', '--prefix', PREFIX, '--no-audit', '--no-fund', '--no-save', `promptfoo@${PROMPTFOO_VERSION}`],
      // Playwright comes with promptfoo; its browsers are not needed to evaluate.
      { env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' }, maxBuffer: 64 * 1024 * 1024 },
    );
  } catch (error) {
    throw new Error(
      `Installing promptfoo@${PROMPTFOO_VERSION} into ${PREFIX} failed (the npm registry must be reachable): ` +
        String((error as { stderr?: string }).stderr ?? error),
    );
  }
  if (!fs.existsSync(MAIN)) throw new Error(`promptfoo@${PROMPTFOO_VERSION} installed, but ${MAIN} is missing.`);
  return MAIN;
}

/** A secret in the runner's environment, which no text of the project may bring into a prompt or a result. */
const SECRET = 'sk-runner-secret-5f1c9a';

type Result = {
  success: boolean;
  error?: string | null;
  vars: Record<string, unknown>;
  gradingResult: { componentResults?: { pass: boolean; assertion?: { metric?: string } | null }[] } | null;
};

/** `promptfoo eval` on an exported config in a fresh folder: its results, and the folder (for what got written there). */
async function evaluate(main: string, config: string, fake: FakeProviders, dir: string) {
  fs.writeFileSync(path.join(dir, 'promptfooconfig.yaml'), config);
  // promptfoo's own files (its database, which the results file is read from, and logs) go elsewhere, so the folder
  // shows only what the config made.
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'promptfoo-home-'));
  const child = await run(
    process.execPath,
    [main, 'eval', '-c', 'promptfooconfig.yaml', '-o', 'results.json', '--no-cache', '--no-table'],
    {
      cwd: dir,
      env: {
        PATH: process.env.PATH,
        HOME: home,
        PROMPTFOO_CONFIG_DIR: home,
        PROMPTFOO_DISABLE_TELEMETRY: '1',
        PROMPTFOO_DISABLE_UPDATE: '1',
        OPENAI_API_KEY: 'sk-fake',
        OPENAI_BASE_URL: fake.openaiBaseUrl,
        PF_SECRET: SECRET,
      },
      maxBuffer: 64 * 1024 * 1024,
    },
    // promptfoo exits 100 when an assertion fails; its results file tells the rest.
  ).catch((error: { code?: number; stdout?: string; stderr?: string }) => {
    if (error.code === 100) return error;
    throw new Error(`promptfoo eval failed (${error.code}): ${error.stderr}\n${error.stdout}`);
  });
  fs.rmSync(home, { recursive: true, force: true });
  const results = JSON.parse(fs.readFileSync(path.join(dir, 'results.json'), 'utf8')) as {
    results: { results: Result[] };
  };
  return { results: results.results.results, output: `${child.stdout}${child.stderr}` };
}

/** Sets up a folder where a file:// variable or a package: value, if loaded, would leave a marker file. */
function baitedFolder(markers: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptfoo-export-'));
  const mark = (name: string) => `require('fs').writeFileSync(${JSON.stringify(path.join(markers, name))}, 'ran');`;
  fs.writeFileSync(path.join(dir, 'bait.js'), `${mark('file-var')}\nmodule.exports = () => ({ output: 'bait' });\n`);
  fs.mkdirSync(path.join(dir, 'node_modules/bait'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'node_modules/bait/index.js'),
    `exports.run = () => { ${mark('package')} return { output: 'bait' }; };\n`,
  );
  return dir;
}

/** Nunjucks that writes a marker file named `name` when rendered (and renders to nothing). */
const writes = (markers: string, name: string) =>
  `{{ range.constructor("process.getBuiltinModule('fs').writeFileSync('${path.join(markers, name)}', 'ran')")() }}`;

async function modelId(client: TestClient, company: string, name: string) {
  const models = (await client.get(ROUTES.models)).json<{ id: number; company: string; model_name: string }[]>();
  return models.find((m) => m.company === company && m.model_name === name)!.id;
}

describe('a promptfoo export run by promptfoo itself', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let fake: FakeProviders;
  let main: string;
  const folders: string[] = [];
  beforeAll(async () => {
    [ctx, fake, main] = await Promise.all([createTestApp('pglite'), startFakeProviders(), installedPromptfoo()]);
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  });
  const folder = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptfoo-markers-'));
    folders.push(dir);
    return dir;
  };

  it('runs nothing a hostile project holds, reads no environment, and sends exactly its texts', async () => {
    const markers = folder();
    const alice = await signedInClient(ctx.app);
    const gpt = await modelId(alice, 'openai', 'gpt-4.1-mini');
    const env = '{{ env.PF_SECRET }}';
    const projectId = (
      await alice.post(ROUTES.projects, { name: `Pack ${writes(markers, 'project')} ${env}`, description: 'D' })
    ).json().id as number;
    const system = `Be {{tone}}. ${writes(markers, 'system')} ${env} {% raw %}{{ env["PF_SECRET"] }}{% endraw %}`;
    const template = `Ticket: {{input}} {{ input }} {{{ tone }}} ${writes(markers, 'template')} {{env.PF_SECRET|upper}} {# c #}`;
    const few = `Example ${writes(markers, 'message')} {%- set x = env.PF_SECRET -%}{{ x }}`;
    const configuration = await alice.post(ROUTES.configurations(projectId), {
      name: `Hostile ${writes(markers, 'label')} ${env}`,
      prompt_content: system,
      ai_model_id: gpt,
      parameters: { temperature: 0, max_tokens: 50 },
      messages: [
        { role: 'user', content: few },
        { role: 'assistant', content: `file://bait.js ${env}` },
      ],
      user_template: template,
    });
    expect(configuration.statusCode, configuration.body).toBe(201);
    const variables = {
      tone: `calm ${env} ${writes(markers, 'variable')}`,
      path: 'file://bait.js',
      pkg: 'package:bait:run',
      script: 'python:bait.py',
      shell: `exec:touch ${path.join(markers, 'exec')}`,
      ends: 'a last line\n',
      refers: '{{tone}} %7B 100% {{ input }}',
    };
    const input = await alice.post(ROUTES.inputs(projectId), {
      name: `Case ${writes(markers, 'description')} ${env}`,
      content: `Refund {{tone}} please ${writes(markers, 'content')} ${env}`,
      variables,
      expected_output: `${env} ${writes(markers, 'expected')}`,
    });
    expect(input.statusCode, input.body).toBe(201);
    const check = async (body: object) => {
      const created = await alice.post(ROUTES.checks(projectId), body);
      expect(created.statusCode, created.body).toBe(201);
    };
    await check({
      name: `Says ${writes(markers, 'metric')} ${env}`,
      type: 'contains',
      value: `${env} ${writes(markers, 'contains')}`,
    });
    await check({ name: 'Not', type: 'not_contains', value: `file://bait.js` });
    await check({ name: 'Package', type: 'contains', value: 'package:bait:run' });
    await check({ name: 'Pattern', type: 'regex', value: 'Echo|\\{\\{ env\\.PF_SECRET \\}\\}' });
    await check({ name: 'Exact', type: 'equals_expected', value: 'exact' });
    await check({
      name: 'Schema',
      type: 'json_schema',
      value: JSON.stringify({ type: 'object', description: `${env} ${writes(markers, 'schema')}` }),
    });
    await check({
      name: 'Judge',
      type: 'llm_judge',
      value: `Rubric ${writes(markers, 'rubric')} ${env} [[fake:verdict=pass]]`,
      ai_model_id: gpt,
    });

    const exported = await alice.get(ROUTES.exportPromptfoo(projectId));
    expect(exported.statusCode, exported.body).toBe(200);
    const dir = baitedFolder(markers);
    folders.push(dir);
    const { results, output } = await evaluate(main, exported.body, fake, dir);

    expect(fs.readdirSync(markers)).toEqual([]);
    expect(fs.readdirSync(dir).sort()).toEqual(['bait.js', 'node_modules', 'promptfooconfig.yaml', 'results.json']);
    expect(output).not.toContain(SECRET);
    expect(JSON.stringify(results)).not.toContain(SECRET);
    expect(JSON.stringify(fake.requests)).not.toContain(SECRET);
    expect(results).toHaveLength(1);
    // Every assertion was judged (none threw on a value promptfoo tried to load).
    expect(results[0]!.gradingResult?.componentResults).toHaveLength(7);

    // The model's call: the texts a Promptgrid run sends (templates filled once, values never scanned again).
    const filled = (text: string) =>
      fillTemplate(text, { ...variables, input: fillTemplate(input.json().content as string, variables) });
    const answered = fake.requests.filter((call) => call.body.messages[0]?.content === fillTemplate(system, variables));
    expect(answered).toHaveLength(1);
    expect(answered[0]!.body.messages).toEqual([
      { role: 'system', content: fillTemplate(system, variables) },
      { role: 'user', content: fillTemplate(few, variables) },
      { role: 'assistant', content: `file://bait.js ${env}` },
      { role: 'user', content: filled(template) },
    ]);
    // The judge's call carries the rubric as written.
    const judged = fake.requests.filter((call) => JSON.stringify(call.body.messages).includes('Rubric '));
    expect(judged).toHaveLength(1);
    expect(JSON.stringify(judged[0]!.body.messages)).toContain(
      JSON.stringify(`Rubric ${writes(markers, 'rubric')} ${env} [[fake:verdict=pass]]`).slice(1, -1),
    );
  });

  it("passes and fails a plain project's checks as Promptgrid would", async () => {
    const alice = await signedInClient(ctx.app);
    const gpt = await modelId(alice, 'openai', 'gpt-4.1-mini');
    const projectId = (await alice.post(ROUTES.projects, { name: 'Plain', description: 'D' })).json().id as number;
    await alice.post(ROUTES.configurations(projectId), {
      name: 'Brief',
      prompt_content: 'Answer in a {{tone}} voice.',
      ai_model_id: gpt,
      parameters: { temperature: 0, max_tokens: 50 },
      user_template: 'Ticket: {{input}}',
    });
    await alice.post(ROUTES.inputs(projectId), {
      name: 'Refund',
      content: 'I want a refund',
      variables: { tone: 'calm' },
      expected_output: 'Echo from gpt-4.1-mini: Ticket: I want a refund',
    });
    const checks: [string, object, boolean][] = [
      ['Echoes', { type: 'contains', value: 'Ticket: I want a refund' }, true],
      ['Never zebra', { type: 'not_contains', value: 'zebra' }, true],
      ['Says zebra', { type: 'contains', value: 'zebra' }, false],
      ['Starts with Echo', { type: 'regex', value: '^Echo from' }, true],
      ['Exact', { type: 'equals_expected', value: 'exact' }, true],
      ['Short', { type: 'max_chars', value: '10' }, false],
      ['Is JSON', { type: 'is_json', value: '' }, false],
      ['Judged well', { type: 'llm_judge', value: 'Polite? [[fake:verdict=pass]]', ai_model_id: gpt }, true],
      ['Judged badly', { type: 'llm_judge', value: 'Rude? [[fake:verdict=fail]]', ai_model_id: gpt }, false],
    ];
    for (const [name, body] of checks) {
      const created = await alice.post(ROUTES.checks(projectId), { name, ...body });
      expect(created.statusCode, created.body).toBe(201);
    }
    const exported = await alice.get(ROUTES.exportPromptfoo(projectId));
    const dir = folder();
    const { results } = await evaluate(main, exported.body, fake, dir);
    expect(results).toHaveLength(1);
    const verdicts = Object.fromEntries(
      (results[0]!.gradingResult?.componentResults ?? []).map((r) => [r.assertion?.metric, r.pass]),
    );
    expect(verdicts).toEqual(Object.fromEntries(checks.map(([name, , pass]) => [name, pass])));
  });
});
