// Datasets: a CSV of cases imported through the Import dialog, then a mock run of a templated system prompt whose
// filled-in text shows in the results.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiCall, shot, signIn, useApp } from '../support/app';
import { atPath, count, hidden, seeText, visible } from '../support/expect';
import { createProjectViaUi, runAndConfirm } from '../support/flows';

const app = useApp({ name: 'datasets' });

const CSV = [
  'name,content,expected_output,city',
  'Late parcel,"My parcel is late, where is it?","Apologise, give the tracking link",Paris',
  ',"Can I return ""used"" shoes?\nThey hurt.",,Oslo',
  'Invoice,Please resend my invoice,,Rome',
].join('\r\n');

test.describe('datasets', () => {
  test('import a CSV through the dialog, preview it, run a templated system prompt in mock mode', async () => {
    const page = await app.newPage();
    await signIn(page, 'datasets@example.com');
    const projectId = await createProjectViaUi(page, 'Support cases', 'Replies to customers');

    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'promptgrid-e2e-')), 'cases.csv');
    fs.writeFileSync(file, `\uFEFF${CSV}`);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import User Prompts' });
    await visible(dialog);
    await dialog.getByLabel('Choose a file').setInputFiles(file);

    // The preview: how each column is read and the first rows as they will be created.
    await seeText(dialog, '3 rows found');
    expect(await dialog.getByRole('combobox', { name: 'city' }).inputValue()).toBe('variable');
    expect(await dialog.getByRole('combobox', { name: 'expected_output' }).inputValue()).toBe('expected_output');
    const rows = dialog.getByRole('table').filter({ hasText: 'Expected output' }).last();
    await visible(rows.getByText('Late parcel', { exact: true }));
    await visible(rows.getByText('city=Paris', { exact: true }));
    // A row without a name takes the first words of its content.
    await visible(rows.getByText('Can I return "used" shoes? They', { exact: true }));
    await shot(page, 'datasets-import-preview');
    await dialog.getByRole('button', { name: 'Import 3 user prompts' }).click();
    await hidden(dialog);
    await seeText(page, 'Imported 3 user prompts.');
    await count(page.getByRole('article'), 3);
    await visible(page.getByRole('article', { name: 'Late parcel' }).getByText('city=Paris'));

    // A system prompt that uses the variable, added through the API; the run screen lists the variables it uses.
    const models = await apiCall<{ id: number; model_name: string }[]>(page, 'GET', '/api/models/');
    await apiCall(page, 'POST', `/api/projects/${projectId}/configurations/`, {
      name: 'Local agent',
      prompt_content: 'You help customers in {{ city }}. Answer briefly.',
      ai_model_id: models.find((m) => m.model_name === 'gpt-4.1-mini')!.id,
      parameters: { temperature: 0, max_tokens: null },
      provider_specific_params: {},
    });
    await page.goto(`/project/${projectId}/run`);
    await visible(page.getByRole('heading', { name: 'Configure and Run Evaluation' }));
    await visible(page.getByText('{{city}}', { exact: true }).first());
    const mock = page.getByRole('switch', { name: 'Mock mode (no API calls)' });
    expect(await mock.getAttribute('aria-checked')).toBe('true');
    await shot(page, 'datasets-run');
    await runAndConfirm(page, 3);

    // The mock model echoes the system prompt it was sent: the template filled in from the Invoice case (the Paris
    // case has an expected output, which the mock gives back instead in most calls).
    await atPath(page, `/project/${projectId}/results`);
    await seeText(page, 'Complete', 45_000);
    await page.getByRole('combobox', { name: 'Input', exact: true }).selectOption({ label: 'Invoice' });
    await seeText(page, /System prompt: "You help customers in Rome\. Answer briefly\."/);
    await shot(page, 'datasets-results');
  });

  test('a project of 250 user prompts opens on a table: search, Shift-click a range, archive it, the Show filter', async () => {
    const page = await app.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, 'datasets-table@example.com');
    const { id: projectId } = await apiCall<{ id: number }>(page, 'POST', '/api/projects/', {
      name: 'Many tickets',
      description: 'A big dataset',
    });
    const lines = Array.from({ length: 250 }, (_, n) => `Ticket ${n + 1},Where is parcel ${n + 1}?,shipping`);
    await apiCall(page, 'POST', `/api/projects/${projectId}/inputs/import/`, {
      format: 'csv',
      data: ['name,content,expected_output', ...lines].join('\n'),
    });
    await page.goto(`/project/${projectId}/inputs`);
    const table = page.getByRole('table', { name: 'User prompts' });
    await visible(table.getByRole('row', { name: 'Ticket 1', exact: true }));
    expect(await table.getAttribute('aria-rowcount')).toBe('251');
    // Only the rows on screen exist.
    expect(await table.getByRole('row').count()).toBeLessThan(60);
    await shot(page, 'inputs-table', { desktop: { width: 1440, height: 900 } });

    // Scrolled to the end, the last rows come from their own page.
    await table.locator('xpath=..').evaluate((box) => box.scrollTo(0, box.scrollHeight));
    await visible(table.getByRole('row', { name: 'Ticket 250', exact: true }));

    // The server searches; Shift-click selects the rows between two clicks.
    await page.getByLabel('Search user prompts').fill('Ticket 2');
    // Ticket 20 is on screen before the search too: the row count says when the server's answer is in.
    await expect.poll(() => table.getAttribute('aria-rowcount')).toBe(String(1 + 1 + 10 + 51));
    await visible(table.getByRole('row', { name: 'Ticket 20', exact: true }));
    await table.getByRole('checkbox', { name: 'Select Ticket 2', exact: true }).click();
    await table.getByRole('checkbox', { name: 'Select Ticket 23', exact: true }).click({ modifiers: ['Shift'] });
    await seeText(page, '5 of 62 selected');
    await page.getByRole('toolbar', { name: 'Selected user prompts' }).getByRole('button', { name: 'Archive' }).click();
    await seeText(page, '5 user prompts archived.');
    await visible(table.getByRole('switch', { name: 'Ticket 21: Archived' }));

    // Show: Archived lists just those, from the server.
    await page.getByLabel('Search user prompts').fill('');
    await page.getByLabel('Show').selectOption('archived');
    await expect.poll(() => table.getAttribute('aria-rowcount')).toBe('6');
    await shot(page, 'inputs-table-archived', { desktop: { width: 1440, height: 900 } });
    const archived = await apiCall<{ name: string }[]>(
      page,
      'GET',
      `/api/projects/${projectId}/inputs/?status=archived`,
    );
    expect(archived.map((input) => input.name)).toEqual([
      'Ticket 2',
      'Ticket 20',
      'Ticket 21',
      'Ticket 22',
      'Ticket 23',
    ]);
  });
});
