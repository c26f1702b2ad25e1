// A user's own OpenAI-compatible endpoint: added in the API Configuration dialog, its models fetched from the
// endpoint, a run on them against the fake provider, and each cell's cost: unknown without prices, a number with them.
import { expect, test } from '@playwright/test';
import { startFakeProviders, type FakeProviders } from '@promptgrid/test-support/fake-providers';
import { apiCall, shot, signIn, useApp } from '../support/app';
import { visible } from '../support/expect';
import { openUserMenuItem, seedProject } from '../support/flows';

const ENDPOINT_KEY = 'sk-e2e-endpoint-0042';

let fake: FakeProviders;
const app = useApp(async () => {
  fake = await startFakeProviders({ apiKeys: [ENDPOINT_KEY], models: ['llama3.2', 'qwen2.5'] });
  // The fake listens on loopback, as a local Ollama would.
  return { name: 'endpoints', env: { ALLOW_PRIVATE_ENDPOINTS: 'true' } };
});
test.afterAll(async () => {
  await fake?.close();
});

test.describe('custom endpoints', () => {
  test('adds an endpoint, fetches its models, runs on them and prices only what has prices', async () => {
    const page = await app.newPage();
    await signIn(page, 'endpoint-owner@example.com');
    await openUserMenuItem(page, 'API Settings');
    const dialog = page.getByRole('dialog', { name: 'API Configuration' });
    await visible(dialog.getByRole('heading', { name: 'OpenAI-compatible endpoints' }));

    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    const form = dialog.getByRole('form', { name: 'New endpoint' });
    await form.getByLabel('Name').fill('Local fake');
    await form.getByLabel('Base URL').fill(fake.openaiBaseUrl);
    await form.getByLabel('API key (optional)').fill(ENDPOINT_KEY);
    await visible(form.getByText('Save the endpoint to fetch its models.'));
    await form.getByRole('button', { name: 'Save endpoint' }).click();

    // Saved: it is listed with its key's last four, and its form stays open to add models.
    const edit = dialog.getByRole('form', { name: 'Edit Local fake' });
    await visible(dialog.getByText('Key ••••0042 · 0 models'));
    await edit.getByRole('button', { name: 'Fetch models' }).click();
    await visible(edit.getByText('Added 2 models from the endpoint. Save to keep them.'));
    await expect(edit.getByLabel('Model 1', { exact: true })).toHaveValue('llama3.2');
    await expect(edit.getByLabel('Model 2', { exact: true })).toHaveValue('qwen2.5');
    const prices = edit.getByRole('listitem').nth(1);
    await prices.getByLabel('Input $/M').fill('1');
    await prices.getByLabel('Output $/M').fill('2');
    await shot(page, 'endpoints-dialog');
    await edit.getByRole('button', { name: 'Save endpoint' }).click();
    await visible(dialog.getByText('Key ••••0042 · 2 models'));
    await page.keyboard.press('Escape');

    const { projectId } = await seedProject(page, {
      name: 'Endpoint project',
      inputs: [{ name: 'Greeting', content: 'Say hello.' }],
      configurations: [
        { name: 'Unpriced llama', model: 'llama3.2', prompt: 'Be brief.' },
        { name: 'Priced qwen', model: 'qwen2.5', prompt: 'Be brief.' },
      ],
    });
    // The cards name the endpoint that serves each model, and the model select names it too.
    await page.goto(`/project/${projectId}/configs`);
    const card = page.getByRole('article', { name: 'Priced qwen' });
    await expect(card.getByText('Provider').locator('xpath=following-sibling::dd')).toHaveText('Local fake');
    await page.getByRole('button', { name: 'Add System Prompt' }).first().click();
    const editor = page.getByRole('dialog', { name: 'New Prompt Configuration' });
    await expect(editor.getByLabel('AI model').locator('option', { hasText: 'Local fake - qwen2.5' })).toHaveCount(1);
    // Only the reasoning setting the chosen model takes is offered.
    await editor.getByLabel('AI model').selectOption({ label: 'Local fake - qwen2.5' });
    await expect(editor.getByLabel('Reasoning effort')).toHaveCount(0);
    await editor.getByLabel('AI model').selectOption({ label: 'anthropic - claude-sonnet-4-6' });
    await visible(editor.getByLabel('Thinking budget (tokens)'));
    await editor.getByLabel('AI model').selectOption({ label: 'openai - gpt-5-mini' });
    await expect(editor.getByLabel('Thinking budget (tokens)')).toHaveCount(0);
    await editor.getByLabel('Reasoning effort').selectOption('low');
    await shot(page, 'endpoints-reasoning-effort');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Discard' }).click();

    // The endpoint is this user's only key: the run screen does not start in mock mode.
    await page.goto(`/project/${projectId}/run`);
    await expect(page.getByRole('switch', { name: 'Mock mode (no API calls)' })).toHaveAttribute(
      'aria-checked',
      'false',
    );

    const ids = async (url: string) => (await apiCall<{ id: number }[]>(page, 'GET', url)).map((x) => x.id);
    const run = await apiCall<{ evaluation_id: number }>(page, 'POST', '/api/run-evaluation/', {
      configuration_ids: await ids(`/api/projects/${projectId}/configurations/`),
      input_ids: await ids(`/api/projects/${projectId}/inputs/`),
      use_mock: false,
    });
    await page.goto(`/project/${projectId}/results?evaluation=${run.evaluation_id}`);
    await visible(page.getByRole('status', { name: 'Status: Complete' }), 30_000);
    expect(fake.requests.map((r) => [r.body.model, r.apiKey])).toEqual(
      expect.arrayContaining([
        ['llama3.2', ENDPOINT_KEY],
        ['qwen2.5', ENDPOINT_KEY],
      ]),
    );

    await page.getByRole('group', { name: 'Results layout' }).getByRole('button', { name: 'Matrix' }).click();
    const grid = page.getByRole('grid', { name: 'Results matrix' });
    await visible(grid.getByText('cost unknown'));
    await visible(grid.getByText(/^\$0\.0\d+$/));
    await shot(page, 'endpoints-results');
  });
});
