// Evidence, not anecdotes: mock runs whose answers pass a `contains PASS` check at rates the inputs give (their
// `mock_pass_rate` variables), so consistency over repetitions, flaky cases, the significance of a lead and a judge's
// agreement with people's ratings show what they would on a real model.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { apiCall, shot, signIn, useApp } from '../support/app';
import { seeText, visible } from '../support/expect';
import { runAndConfirm, seedProject } from '../support/flows';

const app = useApp({ name: 'evidence' });

const JUDGE_MODEL = 'openai - gpt-4.1-mini';
const grid = (page: Page) => page.getByRole('grid', { name: 'Results matrix' });
const significance = (page: Page) => page.getByRole('group', { name: 'Is the difference real?' });

/**
 * A project whose inputs come from a CSV (imported through the API: the import is not what this journey is about),
 * with a `contains PASS` check and the given configurations on the mock's first OpenAI model.
 */
async function evidenceProject(
  page: Page,
  name: string,
  configurations: { name: string; temperature: number }[],
  csv: string[],
): Promise<number> {
  const { projectId } = await seedProject(page, {
    name,
    inputs: [],
    configurations: configurations.map((c) => ({
      name: c.name,
      model: 'gpt-4.1-mini',
      prompt: `You are ${c.name}.`,
      temperature: c.temperature,
    })),
  });
  await apiCall(page, 'POST', `/api/projects/${projectId}/inputs/import/`, { format: 'csv', data: csv.join('\n') });
  await apiCall(page, 'POST', `/api/projects/${projectId}/checks/`, {
    name: 'Says PASS',
    type: 'contains',
    value: 'PASS',
  });
  return projectId;
}

/** Runs every input on every configuration in mock mode from the run screen, and waits for the run to complete. */
async function runAll(page: Page, projectId: number, calls: number, repetitions = 1) {
  await page.goto(`/project/${projectId}/run`);
  if (repetitions === 1) await runAndConfirm(page, calls);
  else {
    // Repetitions are asked in the confirmation, whose call count follows them.
    await page.getByRole('button', { name: 'Run Evaluation' }).click();
    const confirm = page.getByRole('dialog', { name: 'Run evaluation' });
    await confirm.getByLabel('Repetitions').fill(String(repetitions));
    await visible(confirm.getByText(`Running this evaluation will make ${calls} API call(s).`, { exact: true }));
    await confirm.getByRole('button', { name: 'Run', exact: true }).click();
  }
  await page.waitForURL(/\/results/);
  await visible(page.getByRole('status', { name: /Status: Complete/ }), 60_000);
}

/** `count` inputs, each giving configuration A and B their pass rates. */
const rateCsv = (count: number, rateA: number, rateB: number) => [
  'name,content,mock_pass_rate_a,mock_pass_rate_b',
  ...Array.from({ length: count }, (_, n) => `Case ${n + 1},Question number ${n + 1}?,${rateA},${rateB}`),
];

test.describe('evidence', () => {
  test('three repetitions at temperature 0.7: pass^3 in the consistency panel, and the Flaky filter with n/3', async () => {
    const page = await app.newPage();
    await signIn(page, 'evidence-flaky@example.com');
    const projectId = await evidenceProject(
      page,
      'Flaky answers',
      [{ name: 'Sampled', temperature: 0.7 }],
      [
        'name,content,expected_output,mock_pass_rate',
        ...Array.from(
          { length: 6 },
          (_, n) => `Case ${n + 1},Question number ${n + 1}?,"[mock openai/gpt-4.1-mini] Verdict: PASS.",0.5`,
        ),
      ],
    );
    await runAll(page, projectId, 18, 3);

    const consistency = page.getByRole('region', { name: 'Consistency over 3 repetitions' });
    await visible(consistency.getByRole('columnheader', { name: 'pass^3' }));
    await visible(consistency.getByRole('rowheader', { name: 'Sampled' }));
    await consistency.getByText(/^Show the \d+ flaky cases?$/).click();
    await visible(consistency.getByLabel(/^passed [12] of 3$/).first());
    await shot(page, 'evidence-consistency');

    await page.getByRole('group', { name: 'Results layout' }).getByRole('button', { name: 'Matrix' }).click();
    await visible(grid(page));
    const flaky = page.getByRole('radio', { name: /^Flaky/ });
    const flakyCount = Number((await flaky.locator('xpath=..').innerText()).replace(/\D/g, ''));
    expect(flakyCount).toBeGreaterThan(0);
    await page.getByText(/^Flaky\d/).click();
    await expect(flaky).toBeChecked();
    await seeText(page, `Showing ${flakyCount} of 6 user prompts × 1 system prompts`);
    await visible(
      grid(page)
        .getByText(/Says PASS [12]\/3/)
        .first(),
    );
    await shot(page, 'evidence-flaky-filter');

    // Against the expected output: each cell's similarity (explained on hover), the rows sorted by it, and the word
    // diff of the existing "Expected output" baseline.
    const similar = await visible(grid(page).getByText(/^\d+% similar$/));
    expect(await similar.getAttribute('title')).toMatch(/^Similarity to the expected output: 1 − edit distance/);
    await page.getByLabel('Sort rows by').selectOption({ label: 'Similarity: Sampled' });
    await page.getByRole('checkbox', { name: 'Descending' }).check();
    const figures = async () =>
      (
        await grid(page)
          .getByText(/^\d+% similar$/)
          .allInnerTexts()
      ).map((text) => parseInt(text, 10));
    await expect.poll(async () => (await figures()).length).toBe(flakyCount);
    const shown = await figures();
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    await page.getByLabel('Baseline', { exact: true }).selectOption('expected');
    await visible(grid(page).locator('ins').first());
    await shot(page, 'evidence-similarity');
  });

  test('the lead is "no clear difference" on 10 inputs at 50% against 60%, and "better" on 200 at 20% against 90%', async () => {
    const page = await app.newPage();
    await signIn(page, 'evidence-significance@example.com');
    const configurations = [
      { name: 'A', temperature: 0.7 },
      { name: 'B', temperature: 0.7 },
    ];
    const small = await evidenceProject(page, 'Ten cases', configurations, rateCsv(10, 0.5, 0.6));
    await runAll(page, small, 20);
    await visible(significance(page).getByText(/^no clear difference/));
    await shot(page, 'evidence-no-clear-difference');

    const large = await evidenceProject(page, 'Two hundred cases', configurations, rateCsv(200, 0.2, 0.9));
    await runAll(page, large, 400);
    // A mock run's pair starts as the table's first two in run order, A against B: "worse". Picked the other way
    // round, B against A reads "better".
    await visible(significance(page).getByText('worse', { exact: true }));
    await significance(page).getByRole('combobox', { name: 'System prompt' }).selectOption({ label: 'B' });
    await visible(significance(page).getByRole('button', { name: 'Compare B with A' }));
    await visible(significance(page).getByText('better', { exact: true }));
    await visible(significance(page).getByText(/^B is better — pass rate/));
    await shot(page, 'evidence-better');
  });

  test('ten rated cells: the judge check’s agreement with the ratings', async () => {
    const page = await app.newPage();
    await signIn(page, 'evidence-judge@example.com');
    const projectId = await evidenceProject(
      page,
      'Judged',
      [
        { name: 'Terse', temperature: 0 },
        { name: 'Warm', temperature: 0 },
      ],
      ['name,content', ...Array.from({ length: 5 }, (_, n) => `Case ${n + 1},Question number ${n + 1}?`)],
    );
    const models = await apiCall<{ id: number; company: string; model_name: string }[]>(page, 'GET', '/api/models/');
    const judge = models.find((m) => `${m.company} - ${m.model_name}` === JUDGE_MODEL)!;
    await apiCall(page, 'POST', `/api/projects/${projectId}/checks/`, {
      name: 'Polite judge',
      type: 'llm_judge',
      value: 'Is the answer polite and on topic?',
      ai_model_id: judge.id,
    });
    await runAll(page, projectId, 10);

    // Thumbs up on Terse's answers, down on Warm's: one input at a time in the cards.
    for (let n = 1; n <= 5; n++) {
      await page.getByRole('combobox', { name: 'Input', exact: true }).selectOption({ label: `Case ${n}` });
      for (const [name, thumb] of [
        ['Terse', 'Thumbs up'],
        ['Warm', 'Thumbs down'],
      ] as const) {
        const card = page.getByRole('article', { name, exact: true });
        await card.getByRole('button', { name: thumb }).click();
        await visible(card.getByRole('button', { name: thumb, pressed: true }));
      }
    }
    const agreement = page.getByRole('region', { name: 'Judge agreement' });
    await visible(agreement.getByText(/^Polite judge agrees with your ratings on/));
    await expect(agreement).toContainText(/of 10 rated outputs/);
    await shot(page, 'evidence-judge-agreement');
  });
});
