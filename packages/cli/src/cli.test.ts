import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import { MOCK_OUTPUTS_NOTE, ROUTES, type Configuration, type ConfigurationVersion } from '@promptgrid/contract';
import { itemAt } from '@promptgrid/test-support';
import { HttpClient, seedProject, startProcess, type ServerProcess } from '../../../server/test/server-process.js';

const packageDir = path.resolve(import.meta.dirname, '..');
/** The bundle as published, rebuilt from these sources for the file (a tenth of a second). */
const entry = path.join(packageDir, 'dist/promptgrid.mjs');
const ESCAPE = '\u001b';

type CliResult = { code: number; stdout: string; stderr: string };

/**
 * The CLI as CI runs it, against a real server process in mock mode (one server for the file): its own node process,
 * stdout and stderr pipes (not a TTY), the token from the environment.
 */
describe('the promptgrid CLI against a server', () => {
  let server: ServerProcess;
  let work: string;
  let env: NodeJS.ProcessEnv;
  let client: HttpClient;
  let project: { projectId: number; inputIds: number[]; configurationIds: number[] };

  function cli(args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<CliResult> {
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        [entry, ...args],
        { cwd: work, env: { ...env, ...extraEnv } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      );
    });
  }

  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(packageDir, 'build.mjs')]);
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'promptgrid-cli-'));
    server = await startProcess('main', {
      DATA_DIR: path.join(work, 'data'),
      DEV_LOGIN: 'true',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    client = await new HttpClient(server.url).signIn('cli@example.com');
    project = await seedProject(client, { inputs: 3, configurations: 2, models: ['gpt-4o-mini'] });
    // The mock model echoes the system prompt: only "assistant number 0" passes this check.
    await client.ok('POST', ROUTES.checks(project.projectId), {
      name: 'Is assistant zero',
      type: 'contains',
      value: 'assistant number 0',
    });
    const { token } = await client.ok<{ token: string }>('POST', ROUTES.accessTokens, { name: 'CLI test' });
    const { CI: _ci, GITHUB_STEP_SUMMARY: _summary, ...inherited } = process.env;
    env = {
      ...inherited,
      PROMPTGRID_URL: server.url,
      PROMPTGRID_TOKEN: token,
      XDG_CONFIG_HOME: path.join(work, 'config'),
    };
  }, 120_000);
  afterAll(async () => {
    await server?.kill('SIGTERM');
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('runs, follows and exits 0 when the threshold holds; plain lines without escape codes; a job summary', async () => {
    const summary = path.join(work, 'summary.md');
    const result = await cli(
      ['run', '--project', 'Bench', '--configs', 'Prompt 0', '--mock', '--fail-under', 'pass_rate=0.9'],
      { GITHUB_STEP_SUMMARY: summary },
    );
    expect(result.stderr).toMatch(/3\/3 calls done, 0 failed/);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Prompt 0\s+gpt-4o-mini\s+100\.0%\s+3\/3/);
    // A mock run's ranking says its scores measure nothing; the run's cost in all closes it.
    expect(result.stdout).toContain(`${MOCK_OUTPUTS_NOTE}.`);
    expect(result.stdout).toContain('Total cost: $0.00');
    expect(result.stdout + result.stderr).not.toContain(ESCAPE);
    const markdown = fs.readFileSync(summary, 'utf8');
    expect(markdown).toContain('| Configuration | Model | Pass rate |');
    expect(markdown).toContain('| Prompt 0 | gpt-4o-mini | 100.0% | 3/3 |');
    expect(markdown).toContain(MOCK_OUTPUTS_NOTE);
  });

  it('exits 1 when a configuration is under the threshold, and writes JSON, CSV and JUnit that parse', async () => {
    const json = path.join(work, 'results.json');
    const csv = path.join(work, 'results.csv');
    const junit = path.join(work, 'junit.xml');
    const result = await cli([
      'run',
      '--project',
      String(project.projectId),
      '--mock',
      '--fail-under',
      'pass_rate=0.9',
      ...['--output', json, '--output', csv, '--output', junit],
    ]);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toContain('FAIL Prompt 1: pass_rate 0.000 < 0.9');

    const report = JSON.parse(fs.readFileSync(json, 'utf8'));
    expect(report.leaderboard.map((row: { name: string; pass_rate: number }) => [row.name, row.pass_rate])).toEqual([
      ['Prompt 0', 1],
      ['Prompt 1', 0],
    ]);
    expect(report.results.api_requests).toHaveLength(6);

    const rows = parseCsv<Record<string, string>>(fs.readFileSync(csv, 'utf8'), { columns: true });
    expect(rows).toHaveLength(6);
    // The Results screen's CSV format, with a mock run's notice first.
    expect(Object.keys(itemAt(rows, 0)).slice(0, 3)).toEqual(['notice', 'input_name', 'input']);
    expect(
      rows.filter((row) => row.configuration === 'Prompt 1').map((row) => row['check: Is assistant zero']),
    ).toEqual(['fail', 'fail', 'fail']);
    expect(itemAt(rows, 0).output).toContain('[mock openai/gpt-4o-mini]');

    const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(
      fs.readFileSync(junit, 'utf8'),
    );
    expect(xml.testsuites).toMatchObject({ tests: '6', failures: '3', errors: '0' });
    const suites = [xml.testsuites.testsuite].flat();
    expect(suites.map((suite: { name: string }) => suite.name)).toEqual(['Prompt 0', 'Prompt 1']);
    const failing = [suites[1].testcase].flat();
    expect(failing).toHaveLength(3);
    for (const testcase of failing) {
      expect(testcase.classname).toBe('Prompt 1');
      expect(testcase.failure.message).toMatch(/^Is assistant zero: /);
    }
    expect([suites[0].testcase].flat().some((testcase: object) => 'failure' in testcase)).toBe(false);
  });

  it('exits 2 when the token is refused, saying why', async () => {
    const result = await cli(['run', '--project', 'Bench', '--mock'], { PROMPTGRID_TOKEN: 'pg_not-a-token' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Not signed in');
    const usage = await cli(['run', '--mock']);
    expect(usage.code).toBe(2);
  });

  it('prints its version, and an estimate in sentences (JSON with --json)', async () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
      version: string;
    };
    const printed = await cli(['--version']);
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout.trim()).toBe(version);

    const estimate = await cli(['estimate', '--project', 'Bench', '--mock']);
    expect(estimate.code, estimate.stderr).toBe(0);
    expect(estimate.stdout.trim().split('\n')).toEqual([
      'Calls: 6',
      expect.stringMatching(/^Input tokens: \d+; output at most [\d,]+$/),
      'Likely cost: $0.00',
      'At most: $0.00',
    ]);
    const json = await cli(['estimate', '--project', 'Bench', '--mock', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ calls: 6, expected_cost: 0 });
  });

  it('answers JSON with --json, and logs in with a credentials file only its user can read', async () => {
    const listed = await cli(['projects', 'list', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).map((p: { name: string }) => p.name)).toEqual(['Bench']);

    const login = await cli(['login', '--url', server.url, '--token', env.PROMPTGRID_TOKEN!]);
    expect(login.code, login.stderr).toBe(0);
    const file = path.join(work, 'config', 'promptgrid', 'credentials.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const fromFile = await cli(['runs', 'list', '--project', 'Bench', '--json'], {
      PROMPTGRID_URL: '',
      PROMPTGRID_TOKEN: '',
    });
    expect(fromFile.code, fromFile.stderr).toBe(0);
    expect(JSON.parse(fromFile.stdout).items.length).toBeGreaterThanOrEqual(2);
    // In plain lines, every run of this file ran in mock mode and says so.
    const plain = await cli(['runs', 'list', '--project', 'Bench']);
    expect(plain.code, plain.stderr).toBe(0);
    const lines = plain.stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line.split('\t')).toContain('mock');
  });

  it('imports and exports inputs', async () => {
    const file = path.join(work, 'more.jsonl');
    fs.writeFileSync(file, '{"name":"Imported","content":"What is 7 squared?"}\n');
    const imported = await cli(['inputs', 'import', file, '--project', 'Bench', '--json']);
    expect(imported.code, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toEqual({ created: 1 });
    const exported = await cli(['inputs', 'export', '--project', 'Bench']);
    const rows = parseCsv<{ name: string }>(exported.stdout, { columns: true });
    expect(rows.map((row) => row.name)).toContain('Imported');
  });

  it('imports a project from a promptfoo config and the files beside it, previews it first, and exports it back', async () => {
    const dir = path.join(work, 'promptfoo');
    fs.mkdirSync(path.join(dir, 'tests'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'promptfooconfig.yaml'),
      'description: From promptfoo\nprompts: ["Answer: {{question}}"]\nproviders: [openai:chat:gpt-4o-mini]\n' +
        'tests: file://tests/cases.csv\n',
    );
    fs.writeFileSync(path.join(dir, 'tests', 'cases.csv'), 'question,__expected\nWhat is 2+2?,contains: 4\n');
    const config = path.join(dir, 'promptfooconfig.yaml');
    const preview = await cli(['import', config, '--preview', '--json']);
    expect(preview.code, preview.stderr).toBe(0);
    expect(JSON.parse(preview.stdout)).toMatchObject({ project_name: 'From promptfoo', inputs: 1 });
    const created = await cli(['import', config]);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/^Created project \d+: From promptfoo\.\n1 configurations, 1 inputs, 1 checks\./);
    const exported = await cli(['export', '--project', 'From promptfoo']);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain('id: openai:chat:gpt-4o-mini');
    expect(exported.stdout).toContain('input: What is 2+2?');
  });

  it('pulls prompts as Markdown files and pushes back exactly one new version for the one changed file', async () => {
    const dir = path.join(work, 'prompts');
    const pulled = await cli(['pull', dir, '--project', 'Bench']);
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(fs.readdirSync(dir).sort()).toEqual(['prompt-0.md', 'prompt-1.md']);
    const versionsOf = (id: number) =>
      client.ok<ConfigurationVersion[]>('GET', ROUTES.configurationVersions(id)).then((v) => v.length);
    // Prompt 1 calls a tool, which its file does not hold: a push keeps it.
    const configurationsNow = () => client.ok<Configuration[]>('GET', ROUTES.configurations(project.projectId));
    const withTool = (await configurationsNow()).find((c) => c.name === 'Prompt 1')!;
    const tool = { name: 'lookup', description: '', parameters: { type: 'object' } };
    await client.ok('PUT', ROUTES.configuration(withTool.id), {
      name: withTool.name,
      prompt_content: withTool.prompt.content,
      ai_model_id: withTool.ai_model.id,
      parameters: withTool.parameters,
      provider_specific_params: withTool.provider_specific_params,
      tools: [tool],
    });
    const before = await Promise.all(project.configurationIds.map(versionsOf));

    const unchanged = await cli(['push', dir, '--project', 'Bench', '--json']);
    expect(JSON.parse(unchanged.stdout).map((c: { change: string }) => c.change)).toEqual(['unchanged', 'unchanged']);

    const file = path.join(dir, 'prompt-1.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('Answer briefly.', 'Answer in one word.'));
    const pushed = await cli(['push', dir, '--project', 'Bench']);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(pushed.stdout).toContain('updated Prompt 1: prompt changed');
    expect(pushed.stdout).toContain('unchanged Prompt 0');
    expect(await Promise.all(project.configurationIds.map(versionsOf))).toEqual([
      itemAt(before, 0),
      itemAt(before, 1) + 1,
    ]);
    expect((await configurationsNow()).find((c) => c.id === withTool.id)?.tools).toEqual([tool]);
  });

  it('exits 1 when a check that passed in the base run fails now', async () => {
    const base = await cli(['run', '--project', 'Bench', '--configs', 'Prompt 0', '--mock', '--json']);
    expect(base.code, base.stderr).toBe(0);
    const baseId = JSON.parse(base.stdout).evaluation.id as number;
    const prompt0 = itemAt(
      await client.ok<{ id: number; ai_model: { id: number } }[]>('GET', ROUTES.configurations(project.projectId)),
      0,
    );
    await client.ok('PUT', ROUTES.configuration(prompt0.id), {
      name: 'Prompt 0',
      prompt_content: 'You are assistant number 9. Answer briefly.',
      ai_model_id: prompt0.ai_model.id,
    });
    const result = await cli([
      ...['run', '--project', 'Bench', '--configs', 'Prompt 0', '--mock'],
      ...['--fail-on-regression', String(baseId)],
    ]);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toMatch(
      new RegExp(`FAIL Prompt 0 on Input 0: check "Is assistant zero" passed in run ${baseId} and fails now`),
    );
  });
});
