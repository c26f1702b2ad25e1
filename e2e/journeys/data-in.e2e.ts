// The job new users come with: 100 support tickets with their right category in a Windows-1252, semicolon-separated
// CSV from a spreadsheet, four system prompts to compare, a mock run scored against the categories, the leaderboard
// sorted by pass rate and the top two compared. Every user action is counted (a click, a file chosen, a text typed
// into one field: one each); the goal is 12.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiCall, shot, useApp } from '../support/app';
import { atPath, seeText, visible } from '../support/expect';

const app = useApp({ name: 'data-in' });

const CATEGORIES = ['facturation', 'compte', 'livraison', 'remboursement'];
/** 100 tickets with accents and euro signs, as Excel saves a French CSV: Windows-1252, semicolons. */
function ticketsFile(): string {
  const lines = ['ticket;category'];
  for (let n = 1; n <= 100; n++)
    lines.push(`"Ticket ${n} : le café a coûté ${n} €; pourquoi ?";${CATEGORIES[n % CATEGORIES.length]}`);
  const text = lines.join('\r\n') + '\r\n';
  // Windows-1252 is Latin-1 for these letters; the euro sign is its byte 0x80.
  const bytes = Buffer.from([...text].map((character) => (character === '€' ? 0x80 : character.charCodeAt(0))));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'promptgrid-e2e-')), 'support-tickets.csv');
  fs.writeFileSync(file, bytes);
  return file;
}

const PROMPTS = [
  'Terse\nAnswer with the category only.',
  'Friendly\nYou are a friendly support agent. Answer with the category.',
  'Formal\nYou are a formal support agent. Reply with one category.',
  'Careful\nThink about the ticket, then give its category.',
].join('\n---\n');

const DESKTOP = { width: 1440, height: 900 };

test.describe('from a CSV to a decision', () => {
  test('a project from a Windows-1252 CSV, four prompts at once, a mock run with the default check, the top two compared', async () => {
    test.setTimeout(240_000);
    const page = await app.newPage();
    let actions = 0;
    const act = async (step: Promise<unknown>) => {
      actions++;
      await step;
    };

    await page.goto('/signin');
    await act(page.getByLabel('Email address').fill('data-in@example.com'));
    await act(page.getByRole('button', { name: 'Sign in with email' }).click());
    await page.waitForURL((url) => url.pathname === '/projects');

    await act(page.getByLabel('Create a project from a file').setInputFiles(ticketsFile()));
    const dialog = page.getByRole('dialog', { name: 'Create a project from a file' });
    await visible(dialog);
    expect(await dialog.getByLabel('Project name').inputValue()).toBe('support-tickets');
    await seeText(dialog, 'Read as windows-1252, semicolon-separated.');
    expect(await dialog.getByRole('combobox', { name: 'ticket' }).inputValue()).toBe('content');
    expect(await dialog.getByRole('combobox', { name: 'category' }).inputValue()).toBe('expected_output');
    await visible(dialog.getByRole('cell', { name: 'Ticket 1 : le café a coûté 1 €; pourquoi ?' }));
    await shot(page, 'data-in-project-from-file');
    await act(dialog.getByRole('button', { name: 'Create project with 100 user prompts' }).click());
    await page.waitForURL((url) => /^\/project\/\d+\/configs$/.test(url.pathname));
    const projectId = Number(new URL(page.url()).pathname.split('/')[2]);

    await act(page.getByRole('button', { name: 'Add several' }).click());
    const several = page.getByRole('dialog', { name: 'Add several system prompts' });
    await act(several.getByLabel('Prompts').fill(PROMPTS));
    await visible(several.getByLabel('Name of prompt 4'));
    expect(await several.getByLabel('Name of prompt 4').inputValue()).toBe('Careful');
    await shot(page, 'data-in-add-several');
    await act(several.getByRole('button', { name: 'Add 4 system prompts' }).click());
    await visible(page.getByRole('article', { name: 'Careful' }));

    await act(page.getByRole('link', { name: 'Configure and Run Evaluation' }).click());
    const check = page.getByRole('checkbox', { name: 'Check against expected output' });
    await visible(check);
    expect(await check.isChecked()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Mock mode (no API calls)' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await shot(page, 'data-in-run');
    await act(page.getByRole('button', { name: 'Run Evaluation' }).click());
    const confirm = page.getByRole('dialog').or(page.getByRole('alertdialog'));
    await visible(confirm.getByText('Running this evaluation will make 400 API call(s).', { exact: true }));
    await act(confirm.getByRole('button', { name: 'Run', exact: true }).click());
    await atPath(page, `/project/${projectId}/results`);
    await seeText(page, 'Complete', 90_000);

    // The tickets arrived intact, and the run was scored by the check the run screen proposed.
    const inputs = await apiCall<{ content: string; expected_output: string }[]>(
      page,
      'GET',
      `/api/projects/${projectId}/inputs/`,
    );
    expect(inputs).toHaveLength(100);
    expect(inputs[0]).toMatchObject({
      content: 'Ticket 1 : le café a coûté 1 €; pourquoi ?',
      expected_output: 'compte',
    });
    const checks = await apiCall<{ name: string; type: string; value: string }[]>(
      page,
      'GET',
      `/api/projects/${projectId}/checks/`,
    );
    expect(checks).toEqual([
      expect.objectContaining({ name: 'Check against expected output', type: 'equals_expected', value: 'ignore_case' }),
    ]);
    await shot(page, 'data-in-results', { desktop: DESKTOP });
    console.log(`Data in, from sign-in to a scored mock run: ${actions} actions.`);

    // Reading the result: the leaderboard by pass rate, with a column for the check, then the top two compared.
    const leaderboard = page.getByRole('region', { name: 'Leaderboard' });
    await visible(leaderboard.getByRole('columnheader', { name: 'Check against expected output' }));
    await act(leaderboard.getByRole('button', { name: 'Pass rate' }).click());
    expect(await leaderboard.locator('th[aria-sort="descending"]').textContent()).toContain('Pass rate');
    const rows = leaderboard.getByRole('rowheader');
    const [first, second] = [await rows.nth(0).textContent(), await rows.nth(1).textContent()];
    await shot(page, 'north-star-leaderboard', { desktop: DESKTOP });
    await act(leaderboard.getByRole('button', { name: `Compare ${first} with ${second}` }).click());

    const comparison = page.getByRole('region', { name: `${second} compared with ${first}` });
    await visible(comparison);
    const outcome = comparison.getByLabel('Comparison summary');
    // The mock answers a ticket's expected category in about 70% of calls (decision 0091): both pass about that
    // share, not 0%, and the cases one of them fails are there to read.
    await expect.poll(() => outcome.textContent()).toMatch(/Pass rate(\d+)% → (\d+)%/);
    const [, base, head] = /Pass rate(\d+)% → (\d+)%/.exec((await outcome.textContent()) ?? '')!;
    for (const rate of [base, head]) expect(Number(rate)).toBeGreaterThanOrEqual(50);
    const grid = page.getByRole('grid', { name: 'Results matrix' });
    await visible(grid.getByRole('columnheader', { name: 'Expected output' }));
    await visible(page.getByRole('radio', { name: /Differs between configurations/, checked: true }));
    // The second's output, marked up against the first's, beside each ticket's expected category.
    await visible(grid.locator('[aria-colindex="4"] ins').first());
    await visible(grid.getByRole('button', { name: /^Fail: Check against expected output/ }).first());
    await shot(page, 'north-star-compare', { desktop: DESKTOP });

    console.log(`From sign-in to the top two compared: ${actions} actions.`);
    expect(actions).toBeLessThanOrEqual(12);

    // The comparison is a step of the browser's history: Back returns to the run's Results, Forward to the comparison.
    await page.goBack();
    await expect(page).toHaveURL(/\/project\/\d+\/results(\?evaluation=\d+)?$/);
    await expect(comparison).toHaveCount(0);
    await visible(leaderboard);
    await page.goForward();
    await visible(comparison);

    // Not counted: the whole matrix, the way a user reads it after the job.
    await page.getByRole('button', { name: 'Stop comparing' }).click();
    await visible(grid.getByRole('columnheader', { name: 'Expected output' }));
    await shot(page, 'north-star-matrix', { desktop: DESKTOP });
    // A hundred-row job and seven full-page pictures at two widths: more than the suite's usual minute and a half.
  });
});
