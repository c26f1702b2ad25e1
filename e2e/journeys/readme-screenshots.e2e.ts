// The README's three pictures, taken from the app as it is: the results matrix with verdicts, the leaderboard with its
// evidence, and an import report. `npm run screenshots` writes them into docs/images (a relative
// README_SCREENSHOTS_DIR is read from the e2e folder); in the browser suite they go to the artifacts with the other
// screenshots, so a change that breaks one of these screens fails here first.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { apiCall, signIn, useApp } from '../support/app';
import { seeText, visible } from '../support/expect';
import { runAndConfirm, seedProject } from '../support/flows';
import { ARTIFACTS_DIR } from '../support/paths';

const app = useApp({ name: 'readme-screenshots' });
const OUTPUT_DIR = process.env.README_SCREENSHOTS_DIR
  ? path.resolve(process.env.README_SCREENSHOTS_DIR)
  : path.join(ARTIFACTS_DIR, 'readme');
const WIDE = { width: 1440, height: 900 };

async function picture(page: Page, target: Locator, name: string) {
  fs.mkdirSync(OUTPUT_DIR, { recursive: true });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await target.screenshot({ path: path.join(OUTPUT_DIR, `${name}.png`), animations: 'disabled' });
}

const TOPICS = [
  ['Refund window', 'Can I still return shoes I bought five weeks ago?'],
  ['Double charge', 'I was charged twice for my subscription this month.'],
  ['Password reset', 'The reset link in your e-mail says it has expired.'],
  ['Shipping time', 'How long does delivery to Norway usually take?'],
  ['Cancel order', 'Please cancel order 4471 before it ships.'],
  ['Invoice copy', 'I need a copy of my March invoice for my accountant.'],
];

/** Three support-reply prompts on the mock, each passing its checks at its own rate, over six tickets. */
async function supportProject(page: Page): Promise<number> {
  const { projectId } = await seedProject(page, {
    name: 'Support replies',
    inputs: [],
    configurations: [
      { name: 'Terse', model: 'gpt-4.1-mini', prompt: 'Answer the customer in one sentence.' },
      { name: 'Careful', model: 'gpt-4.1-mini', prompt: 'Answer the customer politely; cite the policy you apply.' },
      { name: 'Few-shot', model: 'gpt-4.1-mini', prompt: 'Answer like the examples below.\n\n…' },
    ],
  });
  const csv = [
    'name,content,mock_pass_rate_terse,mock_pass_rate_careful,mock_pass_rate_few_shot',
    ...TOPICS.map(([name, content], n) => `${name},"${content}",${n % 3 === 0 ? 1 : 0},1,${n % 2 === 0 ? 1 : 0}`),
  ].join('\n');
  await apiCall(page, 'POST', `/api/projects/${projectId}/inputs/import/`, { format: 'csv', data: csv });
  await apiCall(page, 'POST', `/api/projects/${projectId}/checks/`, {
    name: 'Gives a verdict',
    type: 'contains',
    value: 'PASS',
  });
  await apiCall(page, 'POST', `/api/projects/${projectId}/checks/`, {
    name: 'Under 400 characters',
    type: 'regex',
    value: '^[\\s\\S]{0,400}$',
  });
  return projectId;
}

const PROMPTFOO_CONFIG = `description: Ticket triage
prompts:
  - label: Triage
    raw: "Classify the support ticket as bug, billing or account.\\n\\nTicket: {{ticket}}"
providers:
  - openai:chat:gpt-4.1-mini
defaultTest:
  assert:
    - type: levenshtein
      value: bug
tests:
  - vars: { ticket: The app crashes when I open the settings page }
    assert: [{ type: equals, value: bug }]
  - vars: { ticket: I was charged twice this month }
    assert: [{ type: icontains, value: billing }]
`;

test.describe('README screenshots', () => {
  test('the results matrix and the leaderboard of a mock run', async () => {
    const page = await app.newPage({ viewport: WIDE });
    await signIn(page, 'readme@example.com');
    const projectId = await supportProject(page);
    await page.goto(`/project/${projectId}/run`);
    await runAndConfirm(page, TOPICS.length * 3);
    await page.waitForURL(/\/results/);
    await visible(page.getByRole('status', { name: /Status: Complete/ }), 60_000);

    const leaderboard = page.getByRole('region', { name: 'Leaderboard' });
    await visible(leaderboard.getByText('Under 400 characters').first());
    await picture(page, leaderboard, 'leaderboard');

    await page.getByRole('group', { name: 'Results layout' }).getByRole('button', { name: 'Matrix' }).click();
    const matrix = page.getByRole('grid', { name: 'Results matrix' });
    await visible(matrix);
    await visible(matrix.getByText('Refund window').first());
    await picture(page, matrix, 'grid');
  });

  test('the report of a promptfoo import', async () => {
    const page = await app.newPage({ viewport: WIDE });
    await signIn(page, 'readme-import@example.com');
    await page.getByRole('button', { name: 'Import project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import project' });
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'promptgrid-readme-'));
    fs.writeFileSync(path.join(folder, 'promptfooconfig.yaml'), PROMPTFOO_CONFIG);
    await dialog.getByLabel('Choose files').setInputFiles(path.join(folder, 'promptfooconfig.yaml'));
    await seeText(dialog, /Creates “Ticket triage”/);
    await visible(dialog.getByRole('table', { name: /Not carried over as it is/ }));
    await picture(page, dialog, 'import-report');
  });
});
