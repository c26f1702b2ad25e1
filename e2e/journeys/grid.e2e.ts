// The comparison grid: the matrix view of the results, diffs, filters, rendering, copy, CSV, share links, keyboard.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { Configuration } from '@promptgrid/contract';
import { startFakeProviders, type FakeProviders } from '@promptgrid/test-support/fake-providers';
import { apiCall, shot, signIn, useApp } from '../support/app';
import { seeText, visible } from '../support/expect';
import { seedProject, storeApiKey } from '../support/flows';
import { itemAt } from '@promptgrid/test-support/items';

const OPENAI_KEY = 'sk-e2e-grid-openai-0001';
const ANTHROPIC_KEY = 'sk-ant-e2e-grid-0002';

let fake: FakeProviders;
const app = useApp(async () => {
  fake = await startFakeProviders({ apiKeys: [OPENAI_KEY, ANTHROPIC_KEY] });
  return {
    name: 'grid',
    env: { OPENAI_BASE_URL: fake.openaiBaseUrl, ANTHROPIC_BASE_URL: fake.anthropicBaseUrl },
  };
});
test.afterAll(async () => {
  await fake?.close();
});

// The fake providers answer 'Echo from <model>: <user prompt>', so each input decides what its outputs hold.
const MARKDOWN = 'Release notes\n\n**Bold claim** and a list:\n\n- first item\n- second item';
const XSS = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=2</script>',
  '[click me](javascript:window.__pwned=3)',
  '<a href="javascript:window.__pwned=4">raw link</a>',
].join('\n');

/** Runs two system prompts (OpenAI and Anthropic, or JSON mode) on the inputs and opens the results screen. */
async function runAndOpen(page: Page, email: string, inputs: { name: string; content: string }[], json = false) {
  await signIn(page, email);
  await storeApiKey(page, 'openai', OPENAI_KEY);
  await storeApiKey(page, 'anthropic', ANTHROPIC_KEY);
  const configurations = [
    { name: 'Baseline GPT', model: 'gpt-4.1', prompt: 'Answer plainly.', json_mode: json },
    { name: 'Challenger Claude', model: 'claude-haiku-4-5', prompt: 'Answer warmly.' },
  ];
  const { projectId } = await seedProject(page, { name: 'Grid project', inputs, configurations });
  const ids = async <T extends { id: number }>(url: string) => (await apiCall<T[]>(page, 'GET', url)).map((x) => x.id);
  const run = await apiCall<{ evaluation_id: number }>(page, 'POST', '/api/run-evaluation/', {
    configuration_ids: await ids(`/api/projects/${projectId}/configurations/`),
    input_ids: await ids(`/api/projects/${projectId}/inputs/`),
    name: 'Evaluation grid',
    use_mock: false,
  });
  await page.goto(`/project/${projectId}/results?evaluation=${run.evaluation_id}`);
  await visible(page.getByRole('status', { name: /Status: (Complete|Partial)/ }), 30_000);
  return { projectId, evaluationId: run.evaluation_id };
}

const grid = (page: Page) => page.getByRole('grid', { name: 'Results matrix' });
const cellAt = (page: Page, row: number, column: number) => grid(page).locator(`[data-cell="${row}:${column}"]`);

test.describe('the comparison grid', () => {
  test('matrix, baseline diff, differing rows, Markdown, copy, CSV and a share link opened signed out', async () => {
    const page = await app.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const { projectId } = await runAndOpen(page, 'grid-owner@example.com', [
      { name: 'Notes', content: MARKDOWN },
      { name: 'Capital', content: 'What is the capital of France?' },
      { name: 'Broken', content: 'This one fails [[fake:500]]' },
    ]);

    await page.getByRole('group', { name: 'Results layout' }).getByRole('button', { name: 'Matrix' }).click();
    await visible(grid(page));
    await visible(grid(page).getByRole('columnheader', { name: /Baseline GPT/ }));
    await visible(grid(page).getByText('openai - gpt-4.1', { exact: true }));
    await visible(grid(page).getByText('anthropic - claude-haiku-4-5', { exact: true }));
    await visible(grid(page).getByRole('rowheader', { name: /Capital/ }));
    await seeText(page, 'Showing 3 of 3 user prompts × 2 system prompts');

    // Baseline: the GPT column. The Claude column shows what it changed, marked up for any reader.
    await page.getByLabel('Baseline', { exact: true }).selectOption({ label: 'Baseline GPT (openai - gpt-4.1)' });
    const diffCell = cellAt(page, 1, 1);
    await visible(diffCell.locator('ins', { hasText: 'claude' }));
    await visible(diffCell.locator('del', { hasText: 'gpt' }));
    expect(await diffCell.locator('ins .sr-only').first().textContent()).toBe('[added: ');
    await shot(page, 'grid-matrix-diff', { dark: true });

    // Only rows whose outputs differ: the failed row has no output to compare.
    await page.getByRole('checkbox', { name: 'Differing only' }).check();
    await seeText(page, 'Showing 2 of 3 user prompts × 2 system prompts');
    await page.getByRole('checkbox', { name: 'Differing only' }).uncheck();
    // The filters are pills: the radio inside each is visually hidden, so the pill's text is what a user clicks.
    await page.getByText(/^Failed calls/).click();
    await expect(page.getByRole('radio', { name: /^Failed calls/ })).toBeChecked();
    await seeText(page, 'Showing 1 of 3 user prompts × 2 system prompts');
    await visible(
      grid(page)
        .getByText(/Error occurred while processing request/)
        .first(),
    );
    // The filter is in the address: a reload shows the same rows.
    await expect(page).toHaveURL(/[?&]filter=failed-calls\b/);
    await page.reload();
    await expect(page.getByRole('radio', { name: /^Failed calls/ })).toBeChecked();
    await seeText(page, 'Showing 1 of 3 user prompts × 2 system prompts');
    await page.getByText(/^All\d/).click();
    await expect(page.getByRole('radio', { name: /^All/ })).toBeChecked();

    // Markdown, with the diff turned off.
    await page.getByLabel('Baseline', { exact: true }).selectOption('none');
    await page.getByLabel('Render outputs as').selectOption('markdown');
    const notes = cellAt(page, 0, 0);
    await visible(notes.locator('strong', { hasText: 'Bold claim' }));
    await expect.poll(() => notes.locator('li').count()).toBe(2);
    await shot(page, 'grid-matrix-markdown');

    // Copy a cell.
    await notes.click();
    await notes.getByRole('button', { name: 'Copy output: Notes, Baseline GPT' }).click();
    await visible(notes.getByText('Copied', { exact: true }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`Echo from gpt-4.1: ${MARKDOWN}`);

    // Charts.
    await page.getByRole('button', { name: 'Charts' }).click();
    await visible(page.getByText('Mean latency (s)'));
    await visible(page.getByText('Latency vs output tokens'));
    await shot(page, 'grid-charts', { dark: true });
    await page.getByRole('button', { name: 'Charts' }).click();

    // CSV beside the JSON download: one row per cell.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      '\ufeffinput_name,input,expected_output,configuration,model,status,output,error_message,rating,cost_usd,' +
        'judge_cost_usd,input_tokens,output_tokens,latency_s,time_to_first_token_s',
    );
    expect(csv).toContain(
      'Capital,What is the capital of France?,,Challenger Claude,anthropic - claude-haiku-4-5,SUCCESS',
    );
    expect(csv).toContain('Broken,This one fails [[fake:500]],,Baseline GPT,openai - gpt-4.1,FAILED');

    // The choice of layout is remembered for the project.
    await page.reload();
    await visible(grid(page));
    expect(
      await page
        .getByRole('group', { name: 'Results layout' })
        .getByRole('button', { name: 'Matrix' })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    // Share, and open the link signed out.
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share a read-only link' });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const url = await (await visible(dialog.getByLabel('Share link'))).inputValue();
    expect(url).toMatch(/\/share\/[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    const visitor = await app.newPage();
    const opened = await visitor.goto(url);
    expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
    await visible(visitor.getByRole('heading', { name: 'Evaluation grid' }));
    await visible(grid(visitor));
    await visible(grid(visitor).getByRole('rowheader', { name: /Capital/ }));
    expect(await visitor.content()).not.toContain('grid-owner@example.com');
    // The failed row shows that it failed, not the provider's error text.
    await visible(grid(visitor).getByRole('rowheader', { name: /Broken/ }));
    await visible(grid(visitor).getByText('The request failed.').first());
    expect(await visitor.content()).not.toMatch(/Error occurred while processing request|The server had an error/);
    await visible(
      visitor.getByRole('link', { name: /Sign Up or Log In/ }).or(visitor.getByRole('button', { name: 'User menu' })),
    );
    await shot(visitor, 'grid-shared', { dark: true });

    // Revoked: the link stops working.
    await apiCall(page, 'DELETE', `/api/evaluations/${await evaluationOf(page)}/share/`);
    app.allowConsoleError(/404/);
    await visitor.reload();
    await visible(visitor.getByText('This link does not exist or was revoked.'));
    expect(projectId).toBeGreaterThan(0);
  });

  test('keyboard only: search, move between cells, expand, close, diff and the shortcut list', async () => {
    const page = await app.newPage();
    await runAndOpen(page, 'grid-keys@example.com', [
      { name: 'First', content: 'One two three' },
      { name: 'Second', content: 'Four five six' },
    ]);
    await page.getByRole('group', { name: 'Results layout' }).getByRole('button', { name: 'Matrix' }).click();
    await visible(grid(page));
    await page.getByLabel('Baseline', { exact: true }).selectOption({ label: 'Baseline GPT (openai - gpt-4.1)' });

    // Tab from the search box into the grid: one tab stop, the active cell.
    await page.keyboard.press('Tab');
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('matrix-search');
    for (let i = 0; i < 30; i++) {
      if ((await page.evaluate(() => document.activeElement?.getAttribute('role'))) === 'gridcell') break;
      await page.keyboard.press('Tab');
    }
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-cell'));
    expect(await focused()).toBe('0:0');
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('0:1');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('1:1');
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).toBe('1:0');
    await page.keyboard.press('ArrowRight');

    // d toggles the diff of the active column's cells.
    await visible(cellAt(page, 1, 1).locator('ins').first());
    await page.keyboard.press('d');
    await expect.poll(() => cellAt(page, 1, 1).locator('ins').count()).toBe(0);
    await page.keyboard.press('d');
    await visible(cellAt(page, 1, 1).locator('ins').first());

    // Enter opens the side panel; Esc closes it and returns to the cell.
    await page.keyboard.press('Enter');
    const panel = page.getByRole('complementary', { name: 'Challenger Claude' });
    await visible(panel);
    await visible(panel.getByText('Four five six'));
    await shot(page, 'grid-cell-panel');
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);
    await expect.poll(focused).toBe('1:1');

    // ? lists the shortcuts.
    await page.keyboard.press('?');
    const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await visible(shortcuts.getByText('Move between cells'));
    await page.keyboard.press('Escape');
    await expect.poll(() => shortcuts.count()).toBe(0);

    // / then typing filters rows.
    await page.keyboard.press('/');
    await page.keyboard.type('five');
    await seeText(page, 'Showing 1 of 2 user prompts × 2 system prompts');
  });

  test('an output holding HTML, a script and javascript: links stays inert in every rendering mode', async () => {
    const page = await app.newPage();
    await runAndOpen(page, 'grid-xss@example.com', [{ name: 'Hostile', content: XSS }], true);
    await page.getByRole('group', { name: 'Results layout' }).getByRole('button', { name: 'Matrix' }).click();
    await visible(grid(page));
    for (const mode of ['plain', 'markdown', 'json'] as const) {
      await page.getByLabel('Render outputs as').selectOption(mode);
      // Open each cell in the side panel too: the same output, rendered at full length.
      for (const column of [0, 1]) {
        await cellAt(page, 0, column).dblclick();
        await visible(page.getByRole('complementary'));
        const found = await page.evaluate(() => ({
          pwned: (window as unknown as { __pwned?: number }).__pwned ?? null,
          scripts: document.querySelectorAll('main script').length,
          handlers: [...document.querySelectorAll('main *')].filter((el) =>
            [...el.attributes].some((a) => a.name.startsWith('on')),
          ).length,
          scriptLinks: [...document.querySelectorAll('main a[href]')].filter((a) =>
            /^\s*javascript:/i.test(a.getAttribute('href') ?? ''),
          ).length,
          images: document.querySelectorAll('main img').length,
        }));
        expect(found, `${mode}, column ${column}`).toEqual({
          pwned: null,
          scripts: 0,
          handlers: 0,
          scriptLinks: 0,
          images: 0,
        });
        // The text is still there to read.
        await visible(
          page
            .getByRole('complementary')
            .getByText(/onerror/)
            .first(),
        );
        await page.getByRole('complementary').getByRole('button', { name: 'Close' }).click();
      }
      // Clicking whatever links the output shows runs nothing.
      for (const link of await grid(page).locator('a').all()) await link.click();
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned ?? null)).toBeNull();
    }
  });

  test('a reply nested 10,000 deep renders as JSON, folded, and the tab stays alive', async () => {
    const page = await app.newPage();
    await runAndOpen(page, 'grid-deep@example.com', [{ name: 'Deep', content: 'Nest it [[fake:nested=10000]]' }]);
    await page.getByRole('group', { name: 'Results layout' }).getByRole('button', { name: 'Matrix' }).click();
    await visible(grid(page));
    await page.getByLabel('Render outputs as').selectOption('json');
    const cell = cellAt(page, 0, 0);
    await visible(cell.getByRole('button', { name: 'Unfold "a"' }));
    await cell.getByRole('button', { name: 'Unfold "a"' }).click();
    await expect.poll(() => cell.getByRole('button', { name: /^Fold "a"$/ }).count()).toBe(8);
    // Still responsive: the page answers and the grid is there.
    expect(await page.evaluate(() => document.querySelectorAll('[role="grid"]').length)).toBe(1);
    await shot(page, 'grid-deep-json');
  });

  test('diff against the same cell in another run: two mock runs, the first picked as baseline', async () => {
    const page = await app.newPage();
    await signIn(page, 'grid-runs@example.com');
    const { projectId } = await seedProject(page, {
      name: 'Two runs',
      inputs: [
        { name: 'Capital', content: 'What is the capital of France?' },
        { name: 'River', content: 'Which river crosses Paris?' },
      ],
      configurations: [{ name: 'Tutor', model: 'gpt-4.1', prompt: 'Answer plainly.' }],
    });
    const tutor = itemAt(await apiCall<Configuration[]>(page, 'GET', `/api/projects/${projectId}/configurations/`), 0);
    const inputIds = (await apiCall<{ id: number }[]>(page, 'GET', `/api/projects/${projectId}/inputs/`)).map(
      (input) => input.id,
    );
    // Mock mode answers from the prompts, so a changed system prompt changes every output of the second run.
    const runMock = async (name: string) => {
      const run = await apiCall<{ evaluation_id: number }>(page, 'POST', '/api/run-evaluation/', {
        configuration_ids: [tutor.id],
        input_ids: inputIds,
        name,
        use_mock: true,
      });
      await page.goto(`/project/${projectId}/results?evaluation=${run.evaluation_id}`);
      await visible(page.getByRole('status', { name: 'Status: Complete' }), 30_000);
      return run.evaluation_id;
    };
    const first = await runMock('Plain run');
    await apiCall(page, 'PUT', `/api/configurations/${tutor.id}/`, {
      name: tutor.name,
      prompt_content: 'Answer warmly.',
      ai_model_id: tutor.ai_model.id,
      parameters: tutor.parameters,
      provider_specific_params: tutor.provider_specific_params,
      project: projectId,
    });
    await runMock('Warm run');
    await visible(
      page
        .getByRole('region', { name: 'Evaluation summary' })
        .getByRole('note')
        .getByText('Mock outputs: these scores do not measure the prompts'),
    );

    await page.getByRole('group', { name: 'Results layout' }).getByRole('button', { name: 'Matrix' }).click();
    await visible(grid(page));
    await page.getByLabel('Baseline', { exact: true }).selectOption({ label: `Plain run (#${first})` });
    // The cell shows what changed since the same cell of the first run, marked up for any reader.
    const cell = cellAt(page, 0, 0);
    await visible(cell.locator('ins', { hasText: 'warmly' }));
    await visible(cell.locator('del', { hasText: 'plainly' }));
    expect(await cell.locator('del .sr-only').first().textContent()).toBe('[removed: ');
    await visible(cellAt(page, 1, 0).locator('ins', { hasText: 'warmly' }));
    await page.getByRole('checkbox', { name: 'Differing only' }).check();
    await seeText(page, 'Showing 2 of 2 user prompts × 1 system prompts');
    await shot(page, 'grid-run-baseline');

    // d hides the diff: the plain output again.
    await cell.click();
    await page.keyboard.press('d');
    await expect.poll(() => cell.locator('ins').count()).toBe(0);
    await visible(cell.getByText(/Answer warmly/));
  });
});

/** The evaluation id of the results page the owner is on. */
async function evaluationOf(page: Page): Promise<number> {
  return Number(new URL(page.url()).searchParams.get('evaluation'));
}
