// Web app II: the project workspace — user prompts, system prompts, run (mock and through the fake providers), results, JSON export.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { startFakeProviders, type FakeProviders } from '@promptgrid/test-support/fake-providers';
import { shot, signIn, useApp } from '../support/app';
import { atPath, count, hidden, isReddish, rgbOf, seeText, visible } from '../support/expect';
import { createProjectViaUi, seedProject, storeApiKey } from '../support/flows';

const GOOD_ANTHROPIC_KEY = 'sk-ant-e2e-good-0001';
const GOOD_OPENAI_KEY = 'sk-e2e-openai-good-0002';
const REJECTED_OPENAI_KEY = 'sk-e2e-openai-rejected-4321';

let fake: FakeProviders;
const app = useApp(async () => {
  fake = await startFakeProviders({ apiKeys: [GOOD_ANTHROPIC_KEY, GOOD_OPENAI_KEY] });
  return {
    name: 'web-2-workspace',
    env: { OPENAI_BASE_URL: fake.openaiBaseUrl, ANTHROPIC_BASE_URL: fake.anthropicBaseUrl },
  };
});
test.afterAll(async () => {
  await fake?.close();
});

const LONG_CONTRACT = [
  'This Services Agreement is entered into by Acme Corp ("Client") and Widget LLC ("Provider").',
  'Provider shall deliver the services described in Schedule A within thirty (30) days.',
  'Either party may terminate this agreement with sixty (60) days written notice.',
].join('\n');

const tab = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: /project/i })
    .getByRole('link', { name, exact: true })
    .or(page.getByRole('tab', { name, exact: true }))
    .first();

/** The parts of the JSON export (docs/export-format.md) this journey reads. */
type ExportedEvaluation = {
  format: string;
  evaluation: Record<string, unknown>;
  project: { name: string } | null;
  inputs: { name: string; content: string }[];
  configurations: { name: string }[];
  results: {
    input_id: number;
    configuration_id: number;
    status: string;
    output: string;
    execution_time: number;
    input_tokens: number;
    output_tokens: number;
  }[];
};

const card = (scope: Page | Locator, name: string) => scope.getByRole('article', { name, exact: true });

async function confirmIn(page: Page, text: string, button: RegExp) {
  const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog'));
  await visible(dialog.getByText(text, { exact: true }));
  await dialog.getByRole('button', { name: button }).click();
  await hidden(dialog);
}

async function addInput(page: Page, name: string, content: string) {
  await page.getByRole('button', { name: 'Add User Prompt' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New Input' });
  await visible(dialog);
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByRole('textbox', { name: 'Content' }).fill(content);
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await hidden(dialog);
  await visible(card(page, name));
}

async function addPrompt(
  page: Page,
  options: {
    name: string;
    model: string;
    prompt: string;
    jsonMode?: boolean;
    maxTokens?: string;
    temperatureSteps?: number;
  },
) {
  await page.getByRole('button', { name: 'Add System Prompt' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New Prompt Configuration' });
  await visible(dialog);
  await dialog.getByLabel('Name', { exact: true }).fill(options.name);
  const select = dialog.getByLabel('AI model');
  await expect.poll(() => select.locator('option').count()).toBeGreaterThan(1);
  await select.selectOption({ label: options.model });
  const jsonMode = dialog.getByRole('checkbox', { name: 'JSON mode' });
  if (options.jsonMode !== undefined) {
    await jsonMode.click();
    expect((await jsonMode.getAttribute('aria-checked')) ?? String(await jsonMode.isChecked())).toBe('true');
  }
  if (options.maxTokens) await dialog.getByLabel('Max tokens').fill(options.maxTokens);
  if (options.temperatureSteps) {
    const slider = dialog.getByRole('slider', { name: 'Temperature' });
    await slider.focus();
    for (let i = 0; i < options.temperatureSteps; i++) await page.keyboard.press('ArrowRight');
  }
  await dialog.getByRole('textbox', { name: 'Prompt template' }).fill(options.prompt);
  return dialog;
}

test.describe('project workspace', () => {
  test('prompts, archive/restore, a mock run to Complete, side by side, inputs switch, JSON export', async () => {
    const page = await app.newPage();
    await signIn(page, 'workspace@example.com');
    const projectId = await createProjectViaUi(page, 'Contract review', 'Which prompt summarises contracts best');

    // Top bar on project pages: a back link 'Projects' and the project name. Tabs, the current one marked.
    await visible(page.getByRole('link', { name: 'Projects', exact: true }));
    await visible(page.getByRole('banner').getByText('Contract review', { exact: true }));
    for (const name of ['Set User Prompts', 'Set System Prompts', 'Configure and Run Evaluation', 'Results'])
      await visible(tab(page, name));
    expect(
      await tab(page, 'Set User Prompts').evaluate(
        (el) => el.getAttribute('aria-current') ?? el.getAttribute('aria-selected'),
      ),
    ).toMatch(/page|true/);

    // User prompts: empty state, two inputs, truncation and EXPAND/HIDE, tokens.
    await seeText(page, 'No inputs');
    await seeText(page, 'Create your first input to begin');
    await shot(page, 'inputs-empty');
    await addInput(page, 'Capital question', 'What is the capital of France?');
    await addInput(page, 'Long contract', LONG_CONTRACT);
    const contract = card(page, 'Long contract');
    await visible(contract.getByText(`${LONG_CONTRACT.slice(0, 70)} ...`));
    await visible(contract.getByText(/TOKENS: \d+/));
    await contract.getByRole('button', { name: 'EXPAND' }).click();
    await visible(contract.getByText(/sixty \(60\) days written notice/));
    await contract.getByRole('button', { name: 'HIDE' }).click();
    await shot(page, 'inputs');

    // Archive and restore an input; the state is saved.
    await page.getByRole('switch', { name: 'Capital question: Active' }).click();
    await visible(page.getByRole('switch', { name: 'Capital question: Archived' }));
    await page.reload();
    await visible(page.getByRole('switch', { name: 'Capital question: Archived' }));
    await page.getByRole('switch', { name: 'Capital question: Archived' }).click();
    await visible(page.getByRole('switch', { name: 'Capital question: Active' }));

    // System prompts: empty state, one OpenAI prompt with JSON mode, one Anthropic prompt (no JSON mode offered).
    await tab(page, 'Set System Prompts').click();
    await atPath(page, `/project/${projectId}/configs`);
    await visible(page.getByRole('heading', { name: 'System Prompts and Models' }));
    await seeText(page, 'No prompts yet');
    await seeText(page, 'Get started by creating your first prompt.');
    await shot(page, 'configs-empty');

    let dialog = await addPrompt(page, {
      name: 'Terse JSON',
      model: 'openai - gpt-4.1-mini',
      prompt: 'Summarise the text in one sentence. Answer as JSON.',
      jsonMode: true,
    });
    await shot(page, 'config-editor');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await hidden(dialog);
    dialog = await addPrompt(page, {
      name: 'Friendly',
      model: 'anthropic - claude-haiku-4-5',
      prompt: 'Summarise warmly for a non-lawyer.',
      maxTokens: '256',
      temperatureSteps: 3,
    });
    await count(dialog.getByRole('checkbox', { name: 'JSON mode' }), 0);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await hidden(dialog);

    const terse = card(page, 'Terse JSON');
    await visible(terse.getByText('JSON Mode', { exact: true }));
    await visible(terse.getByText('gpt-4.1-mini', { exact: true }));
    await visible(terse.getByText('Default', { exact: true }));
    const friendly = card(page, 'Friendly');
    await visible(friendly.getByText('claude-haiku-4-5', { exact: true }));
    await visible(friendly.getByText('256', { exact: true }));
    await visible(friendly.getByText('0.3', { exact: true }));
    await count(friendly.getByText('JSON Mode', { exact: true }), 0);
    await shot(page, 'configs');

    // Archive and restore a prompt (saved first, then shown).
    await page.getByRole('switch', { name: 'Friendly: Active' }).click();
    await visible(page.getByRole('switch', { name: 'Friendly: Archived' }));
    await page.getByRole('switch', { name: 'Friendly: Archived' }).click();
    await visible(page.getByRole('switch', { name: 'Friendly: Active' }));

    // Run: both lists fully selected, mock mode on (no API key stored), the rule and the confirm dialog's exact text.
    await tab(page, 'Configure and Run Evaluation').click();
    await atPath(page, `/project/${projectId}/run`);
    await visible(page.getByRole('heading', { name: 'Configure and Run Evaluation' }));
    await count(page.getByText('2 of 2 selected', { exact: true }), 2);
    const mock = page.getByRole('switch', { name: 'Mock mode (no API calls)' });
    await visible(mock);
    expect(await mock.getAttribute('aria-checked'), 'mock mode is on by default without API keys').toBe('true');
    await shot(page, 'run');

    // Deselecting every prompt blocks the run, saying why.
    const deselects = page.getByRole('button', { name: 'Deselect All' });
    await count(deselects, 2);
    await deselects.nth(1).click();
    await seeText(page, '0 of 2 selected');
    await page.getByRole('button', { name: 'Run Evaluation' }).click();
    await seeText(page, '⚠️ Please select at least one prompt-model before running the evaluation.');
    await page.getByRole('button', { name: 'Select All' }).nth(1).click();
    await count(page.getByText('2 of 2 selected', { exact: true }), 2);

    await page.getByRole('button', { name: 'Run Evaluation' }).click();
    const confirm = page.getByRole('dialog').or(page.getByRole('alertdialog'));
    await visible(confirm.getByText('Running this evaluation will make 4 API call(s).', { exact: true }));
    await visible(confirm.getByText('(running 2 prompt(s) against 2 input(s))', { exact: true }));
    await visible(confirm.getByText('Are you sure you want to proceed?', { exact: true }));
    await shot(page, 'run-confirm');
    await confirm
      .getByRole('button')
      .filter({ hasNotText: /cancel|close/i })
      .last()
      .click();

    // Results: the run completes (polling every 5 s).
    await atPath(page, `/project/${projectId}/results`);
    await seeText(page, '4 of 4', 45_000);
    await seeText(page, 'Complete', 45_000);
    await visible(page.getByText(/\d+\.\d{2}\s*s/).first());
    // The progress grid: one dot per request, ceil(sqrt(4)) = 2 columns, all blue (success).
    const grid = page.getByLabel('Request progress');
    await count(grid.getByLabel(/^Request \d+: /), 4);
    const columns = await grid.evaluate(
      (el) => getComputedStyle(el).gridTemplateColumns.split(' ').filter(Boolean).length,
    );
    expect(columns).toBe(2);
    await count(grid.getByLabel(/^Request \d+: Success/i), 4);

    // Side by side: one card per system prompt for the selected input.
    const results = page.getByRole('main');
    await visible(results.getByText('Terse JSON', { exact: true }));
    await visible(results.getByText('Friendly', { exact: true }));
    await visible(results.getByText('gpt-4.1-mini').first());
    await visible(results.getByText('claude-haiku-4-5').first());
    // Side by side: the two cards share a row on a desktop screen.
    const [left, right] = await Promise.all(
      ['Terse JSON', 'Friendly'].map((name) => page.getByRole('article', { name, exact: true }).boundingBox()),
    );
    expect(left && right, 'both result cards are laid out').toBeTruthy();
    expect(Math.abs(left!.y - right!.y), 'same row').toBeLessThan(2);
    expect(left!.x + left!.width, 'next to each other').toBeLessThanOrEqual(right!.x);
    await shot(page, 'results', { dark: true });

    // Switch inputs: each card now shows the output for the other input (the mock echoes the user prompt).
    const inputSelect = page.getByRole('combobox', { name: 'Input', exact: true });
    const outputs = () =>
      Promise.all(
        ['Terse JSON', 'Friendly'].map((name) => page.getByRole('region', { name: `Output of ${name}` }).innerText()),
      );
    const selected = await inputSelect.locator('option:checked').innerText();
    const [first, other] =
      selected === 'Capital question' ? ['France', 'Services Agreement'] : ['Services Agreement', 'France'];
    for (const text of await outputs()) expect(text).toContain(first);
    await inputSelect.selectOption({ label: selected === 'Capital question' ? 'Long contract' : 'Capital question' });
    await expect
      .poll(async () => (await outputs()).every((text) => text.includes(other) && !text.includes(first)))
      .toBe(true);
    await page.getByRole('button', { name: 'Show input' }).click();
    await visible(page.getByRole('button', { name: 'Hide input' }));
    await visible(
      page
        .getByRole('main')
        .getByText(other === 'France' ? /capital of France/ : /Services Agreement is entered into/)
        .first(),
    );

    // The system-prompt checkbox grid: none selected -> the empty state.
    await seeText(page, '2 of 2 selected');
    for (const name of ['Terse JSON', 'Friendly']) await page.getByRole('checkbox', { name }).click();
    await seeText(page, '0 of 2 selected');
    await seeText(page, 'No results to display');
    await seeText(page, 'Select one or more prompt/models to see their outputs side by side.');
    for (const name of ['Terse JSON', 'Friendly']) await page.getByRole('checkbox', { name }).click();

    // JSON export.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download JSON' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    const exported: ExportedEvaluation = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
    // The documented shape (docs/export-format.md).
    expect(exported.format).toBe('promptgrid.evaluation');
    expect(exported.evaluation).toMatchObject({
      status: 'Complete',
      total_requests: 4,
      status_counts: { SUCCESS: 4, FAILED: 0 },
    });
    expect(exported.project?.name).toBe('Contract review');
    expect(exported.inputs.map((i) => i.name).sort()).toEqual(['Capital question', 'Long contract']);
    expect(exported.inputs.find((i) => i.name === 'Long contract')?.content).toBe(LONG_CONTRACT);
    const byName = Object.fromEntries(exported.configurations.map((c) => [c.name, c]));
    expect(Object.keys(byName).sort()).toEqual(['Friendly', 'Terse JSON']);
    expect(byName['Terse JSON']).toMatchObject({
      model: { company: 'openai', model_name: 'gpt-4.1-mini' },
      parameters: { temperature: 0, max_tokens: null },
      provider_specific_params: { json_mode: true },
    });
    expect(byName['Friendly']).toMatchObject({
      model: { company: 'anthropic', model_name: 'claude-haiku-4-5' },
      parameters: { temperature: 0.3, max_tokens: 256 },
    });
    expect(exported.results).toHaveLength(4);
    const pairs = new Set(exported.results.map((r) => `${r.input_id}:${r.configuration_id}`));
    expect(pairs.size, 'one result per input x configuration').toBe(4);
    for (const result of exported.results) {
      expect(result.status).toBe('SUCCESS');
      expect(result.output).toEqual(expect.any(String));
      expect(result.output.length).toBeGreaterThan(0);
      expect(result.execution_time).toEqual(expect.any(Number));
      expect(result.output_tokens).toEqual(expect.any(Number));
      expect(result.input_tokens).toEqual(expect.any(Number));
    }

    // The results screen keeps the last evaluation across a reload (browser cache).
    await page.reload();
    await seeText(page, '4 of 4');
    await seeText(page, 'Complete');

    // The top bar's back link returns to the project list.
    await page.getByRole('link', { name: 'Projects', exact: true }).click();
    await atPath(page, '/projects');
  });

  test('deleting an input or a prompt asks first; Cancel keeps it, Delete removes it', async () => {
    const page = await app.newPage();
    await signIn(page, 'deleting@example.com');
    const { projectId } = await seedProject(page, {
      name: 'Deletions',
      inputs: [{ name: 'Scratch input', content: 'To be deleted' }],
      configurations: [{ name: 'Scratch prompt', model: 'gpt-4.1-mini', prompt: 'Temporary' }],
    });
    await page.goto(`/project/${projectId}/inputs`);
    await page.getByRole('button', { name: 'Delete Scratch input' }).click();
    await visible(page.getByText('Are you sure you want to delete this input?', { exact: true }));
    await shot(page, 'input-delete-dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await visible(card(page, 'Scratch input'));
    await page.getByRole('button', { name: 'Delete Scratch input' }).click();
    await confirmIn(page, 'Are you sure you want to delete this input?', /^Delete/);
    await count(card(page, 'Scratch input'), 0);
    await seeText(page, 'No inputs');

    await page.goto(`/project/${projectId}/configs`);
    await page.getByRole('button', { name: 'Delete Scratch prompt' }).click();
    await visible(page.getByText('Are you sure you want to delete this prompt?', { exact: true }));
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await visible(card(page, 'Scratch prompt'));
    await page.getByRole('button', { name: 'Delete Scratch prompt' }).click();
    await confirmIn(page, 'Are you sure you want to delete this prompt?', /^Delete/);
    await count(card(page, 'Scratch prompt'), 0);
    await seeText(page, 'No prompts yet');
  });

  test('an archived input or prompt stays out of the run lists until restored', async () => {
    const page = await app.newPage();
    await signIn(page, 'archive@example.com');
    const { projectId } = await seedProject(page, {
      name: 'Archive',
      inputs: [
        { name: 'Kept input', content: 'Stays in the run' },
        { name: 'Archived input', content: 'Leaves the run' },
      ],
      configurations: [
        { name: 'Kept prompt', model: 'gpt-4.1-mini', prompt: 'Stay' },
        { name: 'Archived prompt', model: 'gpt-4.1-mini', prompt: 'Leave' },
      ],
    });
    await page.goto(`/project/${projectId}/inputs`);
    await page.getByRole('switch', { name: 'Archived input: Active' }).click();
    await visible(page.getByRole('switch', { name: 'Archived input: Archived' }));
    await page.goto(`/project/${projectId}/configs`);
    await page.getByRole('switch', { name: 'Archived prompt: Active' }).click();
    await visible(page.getByRole('switch', { name: 'Archived prompt: Archived' }));

    await page.goto(`/project/${projectId}/run`);
    await count(page.getByText('1 of 1 selected', { exact: true }), 2);
    await visible(page.getByRole('main').getByText('Kept input', { exact: true }));
    await count(page.getByRole('main').getByText('Archived input', { exact: true }), 0);
    await count(page.getByRole('main').getByText('Archived prompt', { exact: true }), 0);
    await page.getByRole('button', { name: 'Run Evaluation' }).click();
    await visible(page.getByText('Running this evaluation will make 1 API call(s).', { exact: true }));
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`/project/${projectId}/inputs`);
    await page.getByRole('switch', { name: 'Archived input: Archived' }).click();
    await visible(page.getByRole('switch', { name: 'Archived input: Active' }));
    await page.goto(`/project/${projectId}/run`);
    await seeText(page, '2 of 2 selected');
    await seeText(page, '1 of 1 selected');
  });

  test("a failed input status save reverts the toggle and says 'Failed to update input status'", async () => {
    const page = await app.newPage();
    await signIn(page, 'toggle@example.com');
    const { projectId } = await seedProject(page, {
      name: 'Toggles',
      inputs: [{ name: 'Sticky', content: 'Stays active' }],
      configurations: [],
    });
    await page.goto(`/project/${projectId}/inputs`);
    await visible(page.getByRole('switch', { name: 'Sticky: Active' }));
    app.allowConsoleError(
      /status of 500 \(Internal Server Error\) \(http:\/\/[^)]+\/api\/projects\/\d+\/inputs\/\d+\/\)$/,
    );
    await page.route('**/api/projects/*/inputs/*/', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Simulated failure"}' })
        : route.continue(),
    );
    await page.getByRole('switch', { name: 'Sticky: Active' }).click();
    await seeText(page, 'Failed to update input status');
    await visible(page.getByRole('switch', { name: 'Sticky: Active' }));
  });

  test('a real run through the fake providers where the OpenAI key is rejected: Partial, and the card shows the error', async () => {
    const page = await app.newPage();
    await signIn(page, 'providers@example.com');
    await storeApiKey(page, 'openai', REJECTED_OPENAI_KEY);
    await storeApiKey(page, 'anthropic', GOOD_ANTHROPIC_KEY);
    const { projectId } = await seedProject(page, {
      name: 'Provider errors',
      inputs: [{ name: 'Greeting', content: 'Say hello to the team.' }],
      configurations: [
        { name: 'OpenAI prompt', model: 'gpt-4.1-mini', prompt: 'You are concise.' },
        // The fake holds this call for 4 s, so the screen is seen while the evaluation is still running.
        { name: 'Anthropic prompt', model: 'claude-haiku-4-5', prompt: 'You are kind. [[fake:latency=4000]]' },
      ],
    });
    await page.goto(`/project/${projectId}/run`);
    const mock = page.getByRole('switch', { name: 'Mock mode (no API calls)' });
    await visible(mock);
    expect(await mock.getAttribute('aria-checked'), 'mock mode is off by default once keys are stored').toBe('false');
    await page.getByRole('button', { name: 'Run Evaluation' }).click();
    const confirm = page.getByRole('dialog').or(page.getByRole('alertdialog'));
    await visible(confirm.getByText('Running this evaluation will make 2 API call(s).', { exact: true }));
    await visible(confirm.getByText('(running 2 prompt(s) against 1 input(s))', { exact: true }));
    await confirm
      .getByRole('button')
      .filter({ hasNotText: /cancel|close/i })
      .last()
      .click();

    await atPath(page, `/project/${projectId}/results`);
    await seeText(page, 'Running');
    await seeText(page, 'calculating...');
    await count(page.getByRole('button', { name: 'Download JSON' }), 0);
    await shot(page, 'results-running');
    await seeText(page, '2 of 2', 45_000);
    await seeText(page, 'Partial', 45_000);
    await visible(page.getByText('Error occurred while processing request:', { exact: false }));
    const failedCard = page
      .getByRole('article', { name: 'OpenAI prompt' })
      .or(page.getByRole('listitem').filter({ hasText: 'OpenAI prompt' }))
      .first();
    expect(
      isReddish(await rgbOf(failedCard.getByText('Error occurred while processing request:', { exact: false }))),
      'the error block is red',
    ).toBe(true);
    const progress = page.getByLabel('Request progress');
    await count(progress.getByLabel(/^Request \d+: Failed/i), 1);
    await count(progress.getByLabel(/^Request \d+: Success/i), 1);
    // The failed card names the cause (the server's wording; the fake answered 401 'Incorrect API key provided.').
    await visible(page.getByText(/API key/i).filter({ hasNotText: /Error occurred/ }));
    await visible(page.getByText('Echo from claude-haiku-4-5: Say hello to the team.', { exact: false }));
    expect(fake.requests.some((r) => r.api === 'openai' && r.apiKey === REJECTED_OPENAI_KEY)).toBe(true);
    await shot(page, 'results-partial');
  });

  test("'Running...' while the run starts; a JSON-mode output arrives pretty-printed and the request asked for JSON", async () => {
    const page = await app.newPage();
    await signIn(page, 'json@example.com');
    await storeApiKey(page, 'openai', GOOD_OPENAI_KEY);
    const { projectId } = await seedProject(page, {
      name: 'JSON outputs',
      inputs: [{ name: 'Clause', content: 'Termination needs sixty days notice.' }],
      configurations: [
        { name: 'JSON prompt', model: 'gpt-4.1-mini', prompt: 'Extract the notice period as JSON.', json_mode: true },
      ],
    });
    await page.goto(`/project/${projectId}/run`);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/run-evaluation/', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Run Evaluation' }).click();
    const confirm = page.getByRole('dialog').or(page.getByRole('alertdialog'));
    await visible(confirm.getByText('Running this evaluation will make 1 API call(s).', { exact: true }));
    await confirm
      .getByRole('button')
      .filter({ hasNotText: /cancel|close/i })
      .last()
      .click();
    await visible(page.getByRole('button', { name: 'Running...' }));
    release();

    await atPath(page, `/project/${projectId}/results`);
    await seeText(page, '1 of 1', 45_000);
    await seeText(page, 'Complete', 45_000);
    const output = page.getByRole('region', { name: 'Output of JSON prompt' });
    await visible(output.getByText(/"echo"/));
    const text = await output.innerText();
    expect(text, 'pretty-printed: the key sits on its own indented line').toMatch(
      /\{\s*\n\s+"echo": "Echo from gpt-4\.1-mini: Termination needs sixty days notice\."/,
    );
    const call = fake.requests.filter((r) => r.api === 'openai' && r.apiKey === GOOD_OPENAI_KEY).at(-1);
    expect(call?.body.response_format?.type).toBe('json_object');
    await shot(page, 'results-json');
  });

  test("a failing poll stops with 'Error while polling for updates'", async () => {
    const page = await app.newPage();
    await signIn(page, 'polling@example.com');
    await storeApiKey(page, 'anthropic', GOOD_ANTHROPIC_KEY);
    const { projectId } = await seedProject(page, {
      name: 'Polling',
      inputs: [{ name: 'Slow', content: 'Take your time. [[fake:latency=15000]]' }],
      configurations: [{ name: 'Slow prompt', model: 'claude-haiku-4-5', prompt: 'Be slow.' }],
    });
    await page.goto(`/project/${projectId}/run`);
    await page.getByRole('button', { name: 'Run Evaluation' }).click();
    await page
      .getByRole('dialog')
      .or(page.getByRole('alertdialog'))
      .getByRole('button')
      .filter({ hasNotText: /cancel|close/i })
      .last()
      .click();
    await atPath(page, `/project/${projectId}/results`);
    await seeText(page, 'Running');
    app.allowConsoleError(/status of 500 \(Internal Server Error\) \(http:\/\/[^)]+\/api\/api-requests\/[^)]*\)$/);
    await page.route('**/api/api-requests/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Simulated failure"}' }),
    );
    await seeText(page, 'Error while polling for updates', 12_000);
    // The request is still in progress on the server: the badge stays Running (not Failed) and polling can resume.
    await visible(page.getByRole('button', { name: 'Resume updates' }));
    await count(page.getByRole('status', { name: 'Status: Failed' }), 0);
    await shot(page, 'results-polling-error');
  });

  test('run screen with empty lists links to the tabs for adding prompts', async () => {
    const page = await app.newPage();
    await signIn(page, 'empty-run@example.com');
    const { projectId } = await seedProject(page, { name: 'Empty', inputs: [], configurations: [] });
    await page.goto(`/project/${projectId}/run`);
    await visible(page.getByRole('heading', { name: 'Configure and Run Evaluation' }));
    await shot(page, 'run-empty');
    const links = page
      .getByRole('main')
      .getByRole('link')
      .filter({ hasText: /prompt/i });
    await expect.poll(() => links.count()).toBeGreaterThanOrEqual(2);
    const hrefs = await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
    expect(hrefs).toEqual(expect.arrayContaining([`/project/${projectId}/inputs`, `/project/${projectId}/configs`]));
    await page.goto(`/project/${projectId}/results`);
    await shot(page, 'results-empty');
  });
});
