// Verdicts: checks written on the results screen, a mock run scored by them, the leaderboard, ratings, blind A/B votes.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { apiCall, shot, signIn, useApp } from '../support/app';
import { hidden, seeText, visible } from '../support/expect';
import { runAndConfirm, seedProject } from '../support/flows';

const app = useApp({ name: 'verdicts' });

// The mock model echoes the user prompt, so 'France' is in the outputs of the first input only.
const INPUTS = [
  { name: 'Capital', content: 'What is the capital of France?' },
  { name: 'Greeting', content: 'Say hello to a new colleague.' },
  { name: 'Weather', content: 'Describe a rainy day in one sentence.' },
];
const CONFIGURATIONS = [
  { name: 'Terse', model: 'gpt-4.1-mini', prompt: 'Answer in one line.' },
  { name: 'Friendly', model: 'claude-haiku-4-5', prompt: 'Answer warmly.' },
];
const JUDGE_MODEL = 'openai - gpt-4.1-mini';

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const leaderboard = (page: Page) => page.getByRole('table', { name: 'Leaderboard: in run order, not ranked' });
const leaderboardRow = (page: Page, name: string) =>
  leaderboard(page).getByRole('row', { name: new RegExp(`^${name}`) });
/** The Pass rate (its percentage line) and Win rate cells of a leaderboard row, as shown, found by their columns. */
const rates = async (page: Page, name: string) => {
  // The system prompt's name is the row's header; the other columns are its cells, in the headers' order.
  const headers = (await leaderboard(page).getByRole('columnheader').allInnerTexts()).slice(1);
  const cells = await leaderboardRow(page, name).getByRole('cell').allInnerTexts();
  const cellOf = (header: string) => cells[headers.findIndex((text) => text.trim().startsWith(header))] ?? '';
  return { pass: (cellOf('Pass rate').split('\n')[0] ?? '').trim(), win: cellOf('Win rate').trim() };
};

async function addCheck(page: Page, check: { name: string; type?: string; value: string; judge?: boolean }) {
  const dialog = page.getByRole('dialog', { name: 'Checks' });
  await dialog.getByRole('button', { name: 'New check' }).click();
  await dialog.getByLabel('Name', { exact: true }).fill(check.name);
  if (check.type) await dialog.getByLabel('Type', { exact: true }).selectOption({ label: check.type });
  if (check.judge) {
    await dialog.getByLabel('Judge model').selectOption({ label: JUDGE_MODEL });
    await dialog.getByLabel(/^Rubric/).fill(check.value);
  } else await dialog.getByLabel(/^Text/).fill(check.value);
  await dialog.getByRole('button', { name: 'Create check' }).click();
  await visible(dialog.getByText(`“${check.name}” is saved.`, { exact: false }));
}

test.describe('verdicts', () => {
  test('checks from the results screen, a mock run scored, the leaderboard, a rating and three blind votes', async () => {
    const page = await app.newPage();
    await signIn(page, 'verdicts@example.com');
    const { projectId } = await seedProject(page, {
      name: 'Verdicts',
      inputs: INPUTS,
      configurations: CONFIGURATIONS,
    });

    // Before the first run the results screen already opens the Checks panel.
    await page.goto(`/project/${projectId}/results`);
    await seeText(page, 'No evaluation yet');
    await page.getByRole('button', { name: 'Checks' }).click();
    const checks = page.getByRole('dialog', { name: 'Checks' });
    await visible(checks.getByText(/No checks yet/));

    // The contract's rule shows at its field; then a contains check and a judge check.
    await checks.getByRole('button', { name: 'New check' }).click();
    await checks.getByRole('button', { name: 'Create check' }).click();
    await visible(checks.getByText('Value is required.').first());
    await checks.getByRole('button', { name: 'Cancel' }).click();
    await addCheck(page, { name: 'Mentions France', value: 'France' });
    await addCheck(page, {
      name: 'Polite judge',
      type: 'LLM judge (rubric)',
      value: 'Is the answer polite and on topic?',
      judge: true,
    });
    await visible(checks.getByRole('switch', { name: 'Active: Polite judge' }));
    await visible(checks.getByText(`LLM judge (rubric) · ${JUDGE_MODEL} · All user prompts`));
    await shot(page, 'verdicts-checks');
    await page.keyboard.press('Escape');
    await hidden(checks);

    // A mock run (no API key stored): 3 inputs x 2 system prompts.
    await page.goto(`/project/${projectId}/run`);
    await runAndConfirm(page, 6);
    await page.waitForURL(/\/results/);
    await visible(page.getByRole('status', { name: /Status: Complete/ }), 45_000);

    // Badges: the first input mentions France, so both cards pass; the reason shows on keyboard focus.
    const terse = card(page, 'Terse');
    // The badge reads its verdict (its mark is an icon; the word is for screen readers) and takes focus.
    const badge = terse.getByRole('list', { name: 'Checks' }).getByText('Mentions France: pass');
    await visible(badge);
    await badge.focus();
    await visible(terse.getByRole('tooltip').filter({ hasText: 'Contains "France".' }));

    // The leaderboard once the run (its judgements included) is complete: the contains check passes on one input of
    // three for both, and the mock judge's verdicts (fixed by rubric and output) pass 2 of 3 for Terse, 3 of 3 for
    // Friendly. No votes yet.
    await visible(leaderboardRow(page, 'Terse'));
    await expect.poll(() => rates(page, 'Terse')).toEqual({ pass: '50%', win: '—' });
    await expect.poll(() => rates(page, 'Friendly')).toEqual({ pass: '67%', win: '—' });

    // Editing a check previews it on this run's outputs before saving; then the run is scored again.
    await page.getByRole('button', { name: 'Checks' }).click();
    await checks.getByRole('button', { name: 'Edit Mentions France' }).click();
    const preview = checks.getByRole('region', { name: 'Preview on this run' });
    await visible(preview.getByText('Passes 2 of 6 outputs'));
    await checks.getByLabel(/^Text/).fill('simulated');
    await visible(preview.getByText('Passes 6 of 6 outputs'));
    await visible(preview.getByText('Terse · Greeting', { exact: true }));
    await shot(page, 'verdicts-check-preview');
    await checks.getByLabel(/^Text/).fill('France');
    await visible(preview.getByText('Passes 2 of 6 outputs'));
    await checks.getByRole('button', { name: 'Save check' }).click();
    await checks.getByRole('button', { name: 'Re-score this run' }).click();
    await visible(checks.getByText('Re-scored 6 outputs.'));
    await page.keyboard.press('Escape');
    await hidden(checks);
    await visible(terse.getByText('Mentions France: pass'));

    // A rating on the card, counted on the leaderboard.
    await terse.getByRole('button', { name: 'Thumbs up' }).click();
    await visible(terse.getByRole('button', { name: 'Thumbs up', pressed: true }));
    await visible(leaderboardRow(page, 'Terse').getByLabel('1 up'));
    await shot(page, 'verdicts-results', { dark: true });

    // Blind A/B: six pairs (one per input, each in both orders), voted with the keys 1 to 4; names hidden.
    await page.getByRole('button', { name: 'Blind A/B' }).click();
    const blind = page.getByRole('dialog', { name: 'Blind A/B comparison' });
    await visible(blind.getByText('Pair 1 of 6'));
    await visible(blind.getByRole('region', { name: 'Left' }));
    await visible(blind.getByRole('region', { name: 'Right' }));
    expect(await blind.getByText(/Terse|Friendly/).count(), 'system prompt names are hidden').toBe(0);
    await shot(page, 'verdicts-blind');
    for (const [n, key] of ['1', '2', '3', '4', '1'].entries()) {
      await page.keyboard.press(key);
      await visible(blind.getByText(`Pair ${n + 2} of 6`));
    }
    await page.keyboard.press('2');
    await visible(blind.getByRole('heading', { name: 'No pairs left' }));
    await page.keyboard.press('Escape');
    await hidden(blind);

    // Win rates now: every vote gives its two sides one point between them (a tie or "both bad" half each), so the
    // two rates add up to 100%; the blind votes rank both by score and say how often the left side won.
    await expect
      .poll(async () => {
        const [a, b] = [await rates(page, 'Terse'), await rates(page, 'Friendly')];
        return a.win === '—' || b.win === '—' ? null : parseInt(a.win, 10) + parseInt(b.win, 10);
      })
      .toBe(100);
    const votes = await apiCall<unknown[]>(
      page,
      'GET',
      `/api/evaluations/${/evaluation=(\d+)/.exec(page.url())?.[1] ?? (await latestEvaluation(page, projectId))}/votes/`,
    );
    expect(votes).toHaveLength(6);
    const blindVotes = page.getByRole('region', { name: 'Blind votes (6)' });
    await visible(blindVotes.getByRole('rowheader', { name: 'Terse' }));
    await visible(blindVotes.getByText('Too few votes that picked a side: 4 (at least 10 are needed).'));
    // The evidence under the leaderboard: 3 inputs are too few to tell a real difference, and the judge's agreement
    // with the one rating so far.
    await visible(
      page
        .getByRole('group', { name: 'Is the difference real?' })
        .getByText('Too few inputs with check verdicts on both sides: 3 (at least 5 are needed).'),
    );
    await visible(
      page.getByRole('region', { name: 'Judge agreement' }).getByText(/^Polite judge agrees with your ratings on/),
    );
    await shot(page, 'verdicts-blind-votes');

    // The project's trend: mock runs are left out until asked for; then this run is its one point, marked as mock,
    // and a click on the run opens it again.
    await page.getByRole('link', { name: 'Trends' }).click();
    await visible(page.getByRole('heading', { name: 'Trends' }));
    await page.getByRole('switch', { name: 'Show mock runs' }).click();
    const trend = page.getByRole('table', { name: 'Pass rate per system prompt in each run, oldest first' });
    await visible(trend.getByRole('columnheader', { name: 'Friendly' }));
    await visible(trend.getByText('Mock run'));
    await shot(page, 'verdicts-trends');
    await trend.getByRole('button').first().click();
    await page.waitForURL(/\/results\?evaluation=\d+/);
    await visible(leaderboardRow(page, 'Terse'));

    // Opening it again: nothing left to vote on.
    await page.getByRole('button', { name: 'Blind A/B' }).click();
    await visible(blind.getByRole('heading', { name: 'No pairs left' }));
    await page.keyboard.press('Escape');
  });

  // Passes once the judge checks run as queued work on the server (the "judge" branch): the mock judge scores the
  // outputs after the run, so the page is reloaded until the badge is there.
  test('the judge check scores the outputs of a mock run', async () => {
    const page = await app.newPage();
    await signIn(page, 'verdicts-judge@example.com');
    const { projectId } = await seedProject(page, {
      name: 'Judged',
      inputs: INPUTS.slice(0, 1),
      configurations: CONFIGURATIONS,
    });
    const models = await apiCall<{ id: number; company: string; model_name: string }[]>(page, 'GET', '/api/models/');
    const judge = models.find((m) => `${m.company} - ${m.model_name}` === JUDGE_MODEL)!;
    await apiCall(page, 'POST', `/api/projects/${projectId}/checks/`, {
      name: 'Polite judge',
      type: 'llm_judge',
      value: 'Is the answer polite and on topic?',
      ai_model_id: judge.id,
    });
    await page.goto(`/project/${projectId}/run`);
    await runAndConfirm(page, 2);
    await page.waitForURL(/\/results/);
    await visible(page.getByRole('status', { name: /Status: Complete/ }), 45_000);
    const badge = card(page, 'Terse').getByRole('list', { name: 'Checks' }).getByText('Polite judge');
    await expect
      .poll(
        async () => {
          if (await badge.isVisible()) return true;
          await page.reload();
          await visible(card(page, 'Terse'));
          return badge.isVisible();
        },
        { timeout: 60_000, intervals: [2_000] },
      )
      .toBe(true);
  });
});

async function latestEvaluation(page: Page, projectId: number): Promise<number> {
  const list = await apiCall<{ id: number; project: number }[]>(page, 'GET', '/api/evaluations/');
  return Math.max(...list.filter((e) => e.project === projectId).map((e) => e.id));
}
