// Cost before and after a run: the confirm dialog's estimate, its Run name and Budget (USD) fields, and a budget that
// stops the run; the results screen's run cost and each cell's cost.
import { expect, test } from '@playwright/test';
import { startFakeProviders, type FakeProviders } from '@promptgrid/test-support/fake-providers';
import { shot, signIn, useApp } from '../support/app';
import { atPath, seeText, visible } from '../support/expect';
import { seedProject, storeApiKey } from '../support/flows';

const OPENAI_KEY = 'sk-e2e-cost-openai-0001';

let fake: FakeProviders;
const app = useApp(async () => {
  fake = await startFakeProviders({ apiKeys: [OPENAI_KEY], latencyMs: 100 });
  // One call at a time: a budget crossed by the first calls leaves calls not yet started, which it then stops.
  return { name: 'run-cost', env: { OPENAI_BASE_URL: fake.openaiBaseUrl, EVAL_CONCURRENCY: '1' } };
});
test.afterAll(async () => {
  await fake?.close();
});

test.describe('run cost', () => {
  test('the confirm dialog estimates the cost and takes a name and a budget; the budget stops the run', async () => {
    const page = await app.newPage();
    await signIn(page, 'cost-owner@example.com');
    await storeApiKey(page, 'openai', OPENAI_KEY);
    const inputs = Array.from({ length: 8 }, (_, n) => ({
      name: `Question ${n + 1}`,
      content: `What is ${n} + ${n}?`,
    }));
    const { projectId } = await seedProject(page, {
      name: 'Cost project',
      inputs,
      configurations: [{ name: 'Priced GPT', model: 'gpt-4.1', prompt: 'Answer in one word.', max_tokens: 50 }],
    });

    await page.goto(`/project/${projectId}/run`);
    await visible(page.getByRole('heading', { name: 'Configure and Run Evaluation' }));
    const mock = page.getByRole('switch', { name: 'Mock mode (no API calls)' });
    await visible(mock);
    expect(await mock.getAttribute('aria-checked'), 'a stored key turns mock mode off').toBe('false');

    await page.getByRole('button', { name: 'Run Evaluation' }).click();
    const confirm = page.getByRole('dialog', { name: 'Run evaluation' });
    // The spec's three sentences stay as they were; the estimate has a line of its own.
    await visible(confirm.getByText('Running this evaluation will make 8 API call(s).', { exact: true }));
    await visible(confirm.getByText('(running 1 prompt(s) against 8 input(s))', { exact: true }));
    await visible(confirm.getByText('Are you sure you want to proceed?', { exact: true }));
    const estimate = await visible(
      confirm.getByText(
        /^Estimated cost: about \$[\d.,]+ \(at most \$[\d.,]+\) \([\d,]+ input tokens, up to 400 output tokens\)\.$/,
      ),
    );
    const name = confirm.getByLabel('Run name');
    expect(await name.getAttribute('placeholder')).toMatch(/^Evaluation \d{4}-\d{2}-\d{2}T/);
    const budget = confirm.getByLabel('Budget (USD)');
    await visible(budget);
    await shot(page, 'run-cost-confirm');

    // A budget below one call's cost: the first calls cross it, and the rest are never sent.
    await name.fill('Budgeted run');
    await budget.fill('0.00001');
    expect(await estimate.textContent()).toContain('Estimated cost');
    await confirm.getByRole('button', { name: 'Run', exact: true }).click();

    await atPath(page, `/project/${projectId}/results`);
    await visible(page.getByRole('status', { name: /Status: (Complete|Partial)/ }), 45_000);
    // The last question was never sent: its card says why.
    await page.getByRole('combobox', { name: 'Input', exact: true }).selectOption({ label: 'Question 8' });
    await seeText(page, /Stopped: the run reached its budget of \$0\.00001\./);
    const summary = page.getByRole('region', { name: 'Evaluation summary' });
    await visible(summary.getByText('Cost', { exact: true }));
    await visible(summary.getByText(/^\$0\.\d+$/));
    await page.getByRole('combobox', { name: 'Input', exact: true }).selectOption({ label: 'Question 1' });
    await visible(page.getByText(/^\$0\.0\d+$/).first());
    expect(fake.requests.length, 'calls after the budget was reached are not sent').toBeLessThan(8);
    await shot(page, 'run-cost-results');

    // The matrix shows each cell's cost beside its time and tokens.
    await page.getByRole('group', { name: 'Results layout' }).getByRole('button', { name: 'Matrix' }).click();
    const grid = page.getByRole('grid', { name: 'Results matrix' });
    await visible(grid.getByText(/^\$0\.0\d+$/));
    await shot(page, 'run-cost-matrix');
  });
});
