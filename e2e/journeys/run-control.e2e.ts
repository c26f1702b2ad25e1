// Run control: cancel a slow run, re-run failed requests and one cell, and repetitions on the results screen.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { startFakeProviders, type FakeProviders } from '@promptgrid/test-support/fake-providers';
import { apiCall, shot, signIn, useApp } from '../support/app';
import { atPath, count, hidden, seeText, visible } from '../support/expect';
import { seedProject, storeApiKey } from '../support/flows';
import { LIMITS } from '@promptgrid/contract';

const OPENAI_KEY = 'sk-e2e-openai-control-0001';

let fake: FakeProviders;
const app = useApp(async () => {
  fake = await startFakeProviders({ apiKeys: [OPENAI_KEY] });
  return { name: 'run-control', env: { OPENAI_BASE_URL: fake.openaiBaseUrl } };
});
test.afterAll(async () => {
  await fake?.close();
});

/** Opens the run screen, sets the repetitions in the confirm dialog and confirms a run of `calls` API calls. */
async function run(page: Page, projectId: number, repetitions: number) {
  await page.goto(`/project/${projectId}/run`);
  await page.getByRole('button', { name: 'Run Evaluation' }).click();
  const confirm = page.getByRole('dialog');
  await visible(confirm.getByRole('heading', { name: 'Run evaluation' }));
  await confirm.getByLabel('Repetitions').fill(String(repetitions));
  await confirm.getByRole('button', { name: 'Run', exact: true }).click();
  await atPath(page, `/project/${projectId}/results`);
}

const summary = (page: Page) => page.getByRole('region', { name: 'Evaluation summary' });

test.describe('run control', () => {
  test('cancel a slow run: it ends Cancelled at once, then Re-run failed runs it again to Complete', async () => {
    const page = await app.newPage();
    await signIn(page, 'cancel@example.com');
    await storeApiKey(page, 'openai', OPENAI_KEY);
    // Each prompt's first two calls never answer: the run stays in flight until it is cancelled; the re-run answers.
    const { projectId } = await seedProject(page, {
      name: 'Slow run',
      inputs: [{ name: 'Question', content: 'What is the tallest mountain?' }],
      configurations: [
        { name: 'Terse', model: 'gpt-4.1-mini', prompt: 'Answer in one word. [[fake:hangx2]]' },
        { name: 'Wordy', model: 'gpt-4.1-mini', prompt: 'Answer at length. [[fake:hangx2]]' },
      ],
    });
    await run(page, projectId, 2);
    await visible(summary(page).getByText('Running', { exact: true }));
    await seeText(summary(page), '0 of 4');
    const cancel = page.getByRole('button', { name: 'Cancel run' });
    await visible(cancel);
    await shot(page, 'run-control-running');
    await cancel.click();

    await visible(summary(page).getByText('Cancelled', { exact: true }), 5000);
    await seeText(summary(page), '4 of 4');
    await hidden(cancel);
    const terse = page.getByRole('article', { name: 'Terse' });
    await visible(terse.getByText('Cancelled.', { exact: true }));
    await shot(page, 'run-control-cancelled');

    await page.getByRole('button', { name: 'Re-run failed' }).click();
    await visible(summary(page).getByText('Complete', { exact: true }), 30_000);
    await hidden(page.getByRole('button', { name: 'Re-run failed' }));
    // Both repetitions answered the same, and the cancelled outcome is in the card's history.
    await visible(terse.getByText('identical', { exact: true }));
    await visible(terse.getByText('2 of 2 repetitions done'));
    await visible(summary(page).getByText('Identical repetitions'));
    await terse.getByText('History (2)').click();
    await count(terse.getByText('Cancelled.', { exact: true }), 2);
    await shot(page, 'run-control-rerun-complete');
    expect(fake.requests.filter((r) => r.api === 'openai')).toHaveLength(8);
  });

  test('cancel while the judge is still judging: the watching tab reads Cancelled within one poll, history too', async () => {
    const watching = await app.newPage();
    await signIn(watching, 'cancel-judging@example.com');
    await storeApiKey(watching, 'openai', OPENAI_KEY);
    const { projectId } = await seedProject(watching, {
      name: 'Judged run',
      inputs: [{ name: 'Question', content: 'What is the tallest mountain?' }],
      configurations: [{ name: 'Terse', model: 'gpt-4.1-mini', prompt: 'Answer in one word.' }],
    });
    // The judge never answers: the output is in, its verdict is not, so the run is still Running.
    const models = await apiCall<{ id: number; model_name: string }[]>(watching, 'GET', '/api/models/');
    await apiCall(watching, 'POST', `/api/projects/${projectId}/checks/`, {
      name: 'Slow judge',
      type: 'llm_judge',
      value: 'Is it one word? [[fake:hang]]',
      ai_model_id: models.find((m) => m.model_name === 'gpt-4.1-mini')!.id,
    });
    await run(watching, projectId, 1);
    await seeText(summary(watching), '1 of 1', 30_000);
    await visible(summary(watching).getByText('Running', { exact: true }));

    // Another tab of the same user cancels it.
    const cancelling = await watching.context().newPage();
    await cancelling.goto(`/project/${projectId}/results`);
    await cancelling.getByRole('button', { name: 'Cancel run' }).click();
    await visible(summary(cancelling).getByText('Cancelled', { exact: true }));

    // The tab that only watches sees it at its next poll, not Running forever and not Failed.
    await visible(summary(watching).getByText('Cancelled', { exact: true }), LIMITS.pollingIntervalMs + 3000);
    await hidden(watching.getByRole('button', { name: 'Cancel run' }));
    await shot(watching, 'run-control-cancelled-while-judging');
    await watching.getByRole('button', { name: 'History' }).click();
    const history = watching.getByRole('dialog', { name: 'Evaluation history' });
    await visible(history.getByText('Cancelled', { exact: true }));
    await hidden(history.getByText('Running', { exact: true }));
  });

  test('re-run a failed cell from its menu and see it succeed, the failure kept as its history', async () => {
    const page = await app.newPage();
    await signIn(page, 'rerun@example.com');
    await storeApiKey(page, 'openai', OPENAI_KEY);
    const { projectId } = await seedProject(page, {
      name: 'Flaky run',
      inputs: [{ name: 'Greeting', content: 'Say hello to the team.' }],
      configurations: [
        { name: 'Steady', model: 'gpt-4.1-mini', prompt: 'You are kind.' },
        // The provider answers 500 once; the run makes no retries here, so the cell fails the first time.
        { name: 'Flaky', model: 'gpt-4.1-mini', prompt: 'You are brief. [[fake:500x1]]' },
      ],
    });
    await run(page, projectId, 1);
    await visible(summary(page).getByText('Partial', { exact: true }), 30_000);
    const flaky = page.getByRole('article', { name: 'Flaky' });
    await visible(flaky.getByText('Error occurred while processing request:', { exact: false }));
    // The menu of a card is a labelled menu button, and works from the keyboard.
    const menu = flaky.getByRole('button', { name: 'Actions for Flaky' });
    await menu.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Re-run this cell' }).click();

    await visible(summary(page).getByText('Complete', { exact: true }), 30_000);
    await visible(flaky.getByText('Echo from gpt-4.1-mini', { exact: false }));
    await hidden(flaky.getByText('Error occurred while processing request:', { exact: false }));
    await flaky.getByText('History (1)').click();
    await visible(flaky.getByRole('listitem').filter({ hasText: 'Failed' }));
    await shot(page, 'run-control-cell-rerun');
  });
});
