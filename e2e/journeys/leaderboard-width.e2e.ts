// A leaderboard with six checks, three of them judges with long names: it must fit a 1440-pixel screen without
// columns cut off or headers stacked line by line, and scroll inside its own box on a phone with the prompts' names
// kept in view.
import { expect, test } from '@playwright/test';
import path from 'node:path';
import { apiCall, shot, signIn, useApp } from '../support/app';
import { ARTIFACTS_DIR } from '../support/paths';
import { visible } from '../support/expect';
import { runAndConfirm, seedProject } from '../support/flows';

const app = useApp({ name: 'leaderboard-width' });
const WIDE = { width: 1440, height: 900 };

const CHECKS = [
  { name: 'Mentions the refund', type: 'contains', value: 'refund' },
  { name: 'Under 400 characters', type: 'max_chars', value: '400' },
  { name: 'Valid JSON', type: 'is_json', value: '' },
  { name: 'Judge: polite, warm and never blames the customer', type: 'llm_judge', value: 'Is it polite?' },
  { name: 'Judge: answers the question that was actually asked', type: 'llm_judge', value: 'Does it answer?' },
  { name: 'Judge: offers a concrete next step with a date', type: 'llm_judge', value: 'Is there a next step?' },
];

test.describe('the leaderboard with six checks', () => {
  test('fits at 1440 px and scrolls in its box at 390 px', async () => {
    const page = await app.newPage();
    await signIn(page, 'leaderboard-width@example.com');
    const { projectId } = await seedProject(page, {
      name: 'Six checks',
      inputs: [1, 2, 3, 4, 5].map((n) => ({ name: `Ticket ${n}`, content: `My parcel ${n} is late. Refund?` })),
      configurations: ['Terse support agent', 'Warm and careful support agent', 'Few-shot', 'Careful'].map((name) => ({
        name,
        model: 'gpt-4.1-mini',
        prompt: `You are the ${name}.`,
      })),
    });
    const models = await apiCall<{ id: number; model_name: string }[]>(page, 'GET', '/api/models/');
    const judge = models.find((m) => m.model_name === 'gpt-4.1-mini')!;
    for (const check of CHECKS)
      await apiCall(page, 'POST', `/api/projects/${projectId}/checks/`, {
        ...check,
        ...(check.type === 'llm_judge' ? { ai_model_id: judge.id } : {}),
      });
    await page.goto(`/project/${projectId}/run`);
    await runAndConfirm(page, 20);
    await page.waitForURL(/\/results/);
    await visible(page.getByRole('status', { name: /Status: Complete/ }), 60_000);

    const leaderboard = page.getByRole('region', { name: 'Leaderboard' });
    await visible(leaderboard.getByRole('columnheader', { name: CHECKS[5]!.name }));
    // The pair under the table: 5 inputs are enough for an answer, in words, with its reason on the page.
    const significance = leaderboard.getByRole('group', { name: 'Is the difference real?' });
    await visible(significance.getByText(/^(No clear difference|A clear difference):/));
    await page.setViewportSize(WIDE);
    const table = leaderboard.getByRole('table');
    // Every column in view at 1440 px: the table is no wider than its box.
    const fit = await table.evaluate((element) => ({
      table: element.scrollWidth,
      box: (element.parentElement as HTMLElement).clientWidth,
    }));
    expect(fit.table).toBeLessThanOrEqual(fit.box);
    // A judge's long name takes at most three lines of its header.
    const header = leaderboard.getByRole('columnheader', { name: CHECKS[3]!.name });
    const lines = await header.evaluate((element) => {
      const label = element.querySelector('button span') as HTMLElement;
      return Math.round(label.getBoundingClientRect().height / parseFloat(getComputedStyle(label).lineHeight));
    });
    expect(lines).toBeLessThanOrEqual(3);
    await leaderboard.scrollIntoViewIfNeeded();
    await leaderboard.screenshot({ path: path.join(ARTIFACTS_DIR, 'leaderboard-six-checks-1440.png') });

    // On a phone the table scrolls inside its box (shot() fails on a page wider than the screen), and the names of
    // the prompts stay in view while it does.
    await page.setViewportSize({ width: 390, height: 844 });
    await table.evaluate((element) => {
      (element.parentElement as HTMLElement).scrollLeft = 400;
    });
    const name = leaderboard.getByRole('rowheader', { name: 'Few-shot' });
    const box = await name.boundingBox();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    await leaderboard.screenshot({ path: path.join(ARTIFACTS_DIR, 'leaderboard-six-checks-390.png') });
    await shot(page, 'leaderboard-six-checks', { desktop: WIDE });
  });
});
