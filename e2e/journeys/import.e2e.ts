// Bringing a project from promptfoo: its config and tests CSV through the Import project dialog, the report of what
// is not carried over read before confirming, the project's prompts and checks seen, and the config exported back.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { parse } from 'yaml';
import { shot, signIn, useApp } from '../support/app';
import { seeText, visible } from '../support/expect';

const app = useApp({ name: 'import' });

const CONFIG = `description: Ticket triage
prompts:
  - label: Triage
    raw: >-
      [{"role": "system", "content": "Classify the support ticket as bug, billing or account."},
      {"role": "user", "content": "Ticket: {{ticket}}"}]
providers:
  - id: openai:chat:gpt-4.1-mini
    label: Triage
defaultTest:
  assert:
    - type: levenshtein
      value: bug
tests: file://tests.csv
`;
const TESTS = [
  'ticket,__expected,__description',
  'The app crashes when I open the settings page after the latest update,bug,Crash',
  'I was charged twice for my subscription this month,contains: billing,Double charge',
].join('\n');

/** A hosted OpenAI eval whose criteria are each carried over differently, and its data file. */
const HOSTED_EVAL = JSON.stringify({
  object: 'eval',
  id: 'eval_68a1',
  name: 'Refund replies',
  testing_criteria: [
    {
      type: 'string_check',
      name: 'Label',
      input: '{{sample.output_text}}',
      operation: 'ilike',
      reference: '{{item.label}}',
    },
    {
      type: 'text_similarity',
      name: 'Close to the label',
      input: '{{sample.output_text}}',
      reference: '{{item.label}}',
    },
    { type: 'score_model', name: 'Helpful', model: 'gpt-4.1-mini', input: [{ role: 'system', content: 'Rate 1-7.' }] },
    { type: 'python', name: 'Custom grader', source: 'def grade(sample, item): return 1.0' },
  ],
});
const HOSTED_DATA = '{"item": {"ticket": "I want my money back", "label": "refund"}}\n';

/** The files as chosen from a folder on disk. */
function uploads(files: Record<string, string>): string[] {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'promptgrid-e2e-'));
  return Object.entries(files).map(([name, text]) => {
    fs.writeFileSync(path.join(folder, name), text);
    return path.join(folder, name);
  });
}

test.describe('import', () => {
  test('a promptfoo config imported through the dialog, its report read, the project seen, the config exported', async () => {
    const page = await app.newPage();
    await signIn(page, 'import@example.com');

    await page.getByRole('button', { name: 'Import project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import project' });
    await visible(dialog);
    await dialog
      .getByLabel('Choose files')
      .setInputFiles(uploads({ 'promptfooconfig.yaml': CONFIG, 'tests.csv': TESTS }));

    // The report: what will be created, and the one assertion Promptgrid has no check for, with its file and line.
    await seeText(dialog, 'Creates “Ticket triage”: 1 system prompt, 2 user prompts and 2 checks.');
    await visible(
      dialog.getByRole('list', { name: 'System prompts to create' }).getByText('Triage (openai - gpt-4.1-mini)'),
    );
    const report = dialog.getByRole('table', { name: /Not carried over as it is/ });
    await expect(report.getByRole('row')).toHaveCount(2);
    await visible(report.getByText("assertion type 'levenshtein'"));
    await visible(report.getByText('promptfooconfig.yaml:12'));
    await shot(page, 'import-report');

    await dialog.getByRole('button', { name: 'Import project' }).click();
    await page.waitForURL(/\/project\/\d+\/configs$/);
    const projectId = Number(/\/project\/(\d+)\//.exec(page.url())?.[1]);
    await visible(page.getByText('Triage', { exact: true }).first());
    await visible(page.getByText('Classify the support ticket as bug, billing or account.').first());

    await page.goto(`/project/${projectId}/inputs`);
    await visible(page.getByText('Crash', { exact: true }).first());
    await visible(page.getByText('Double charge', { exact: true }).first());

    await page.goto(`/project/${projectId}/results`);
    await page.getByRole('button', { name: 'Checks' }).click();
    const checks = page.getByRole('dialog', { name: 'Checks' });
    await visible(checks.getByText('Equals the expected output').first());
    await visible(checks.getByText('Contains "billing"').first());
    await page.keyboard.press('Escape');

    // Back: the project card's menu downloads a promptfoo config that reads as YAML with the same prompt and tests.
    await page.goto('/projects');
    const card = page.getByRole('article', { name: 'Ticket triage' });
    await card.getByRole('button', { name: 'Project actions' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Export as promptfoo config' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('promptfooconfig.yaml');
    const exported = parse(fs.readFileSync(await download.path(), 'utf8')) as {
      prompts: unknown[];
      providers: unknown[];
      tests: { vars: Record<string, string> }[];
    };
    expect(exported.prompts).toHaveLength(1);
    expect(exported.providers).toHaveLength(1);
    expect(exported.tests.map((t) => t.vars.ticket)).toEqual([
      'The app crashes when I open the settings page after the latest update',
      'I was charged twice for my subscription this month',
    ]);
  });

  test('an OpenAI eval through the same dialog: each criterion changed or skipped is listed before anything is made', async () => {
    const page = await app.newPage();
    await signIn(page, 'import-evals@example.com');
    await page.getByRole('button', { name: 'Import project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import project' });
    await dialog
      .getByLabel('Choose files')
      .setInputFiles(uploads({ 'eval.json': HOSTED_EVAL, 'data.jsonl': HOSTED_DATA }));
    await seeText(dialog, 'Creates “Refund replies”: 1 system prompt, 1 user prompt and 2 checks.');
    const report = dialog.getByRole('table', { name: /Not carried over as it is/ });
    for (const what of [
      'model under test',
      "string_check 'Label'",
      "text_similarity 'Close to the label'",
      "python 'Custom grader'",
    ])
      await visible(report.getByText(what, { exact: false }));
    await shot(page, 'import-evals-report');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await seeText(page, 'Currently you have: 0 Project(s)');
  });
});
