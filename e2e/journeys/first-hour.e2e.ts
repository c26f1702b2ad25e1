// A new user's first hour, walked again where it tripped them: a run with repetitions voted on blind (with Skip), a
// configuration on their own endpoint edited with its model in view, a multi-line template kept through an edit, a
// judge whose key is missing refused before the run, and Trends that leaves mock runs out until asked.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { startFakeProviders, type FakeProviders } from '@promptgrid/test-support/fake-providers';
import { apiCall, shot, signIn, useApp } from '../support/app';
import { seeText, visible } from '../support/expect';
import { seedProject, storeApiKey } from '../support/flows';

const ENDPOINT_KEY = 'sk-e2e-first-hour-0007';
let fake: FakeProviders;
const app = useApp(async () => {
  fake = await startFakeProviders({ apiKeys: [ENDPOINT_KEY], models: ['llama3.2'] });
  return { name: 'first-hour', env: { ALLOW_PRIVATE_ENDPOINTS: 'true' } };
});
test.afterAll(async () => {
  await fake?.close();
});

type Model = { id: number; company: string; model_name: string };
const modelId = async (page: Page, name: string) => {
  const models = await apiCall<Model[]>(page, 'GET', '/api/models/');
  const model = models.find((m) => m.model_name === name);
  if (!model) throw new Error(`no model ${name} in the catalog`);
  return model.id;
};
const idsOf = async (page: Page, url: string) => (await apiCall<{ id: number }[]>(page, 'GET', url)).map((x) => x.id);

/** Starts a mock run of every configuration on every input through the API and opens its results once complete. */
async function mockRun(page: Page, projectId: number, repetitions = 1) {
  const run = await apiCall<{ evaluation_id: number }>(page, 'POST', '/api/run-evaluation/', {
    configuration_ids: await idsOf(page, `/api/projects/${projectId}/configurations/`),
    input_ids: await idsOf(page, `/api/projects/${projectId}/inputs/`),
    use_mock: true,
    repetitions,
  });
  await page.goto(`/project/${projectId}/results?evaluation=${run.evaluation_id}`);
  await visible(page.getByRole('status', { name: /Status: Complete/ }), 60_000);
  return run.evaluation_id;
}

test.describe('the first hour', () => {
  test('a run with three repetitions is voted on blind: pairs of two configurations, and Skip moves on', async () => {
    const page = await app.newPage();
    await signIn(page, 'first-hour-blind@example.com');
    const { projectId } = await seedProject(page, {
      name: 'Blind votes',
      inputs: [
        { name: 'Refund', content: 'Can I return opened headphones?' },
        { name: 'Delivery', content: 'Where is my parcel?' },
      ],
      configurations: [
        { name: 'Terse', model: 'gpt-4.1-mini', prompt: 'Answer in one sentence.', temperature: 0.7 },
        { name: 'Careful', model: 'gpt-4.1-mini', prompt: 'Answer carefully.', temperature: 0.7 },
      ],
    });
    const evaluationId = await mockRun(page, projectId, 3);

    await page.getByRole('button', { name: 'Blind A/B' }).click();
    const dialog = page.getByRole('dialog', { name: 'Blind A/B comparison' });
    // Two inputs × three matched repetitions, each pair in both orders: 12 pairs, never two repetitions of one prompt.
    await seeText(dialog, 'Pair 1 of 12');
    await shot(page, 'first-hour-blind-ab');
    await page.keyboard.press('s');
    await seeText(dialog, 'Pair 2 of 12');
    await dialog.getByRole('button', { name: /Left is better/ }).click();
    await seeText(dialog, 'Pair 3 of 12');
    for (let pair = 3; pair <= 12; pair += 1) {
      await seeText(dialog, `Pair ${pair} of 12`);
      await page.keyboard.press(pair % 2 === 0 ? 's' : '3');
    }
    await seeText(dialog, 'No pairs left');
    await seeText(dialog, 'The pairs you skipped come again the next time you open the comparison.');
    await expect(dialog.getByText('Failed to save your vote. Please try again.')).toHaveCount(0);
    const votes = await apiCall<unknown[]>(page, 'GET', `/api/evaluations/${evaluationId}/votes/`);
    expect(votes).toHaveLength(6);
  });

  test('an endpoint configuration opens on its saved model, and a two-line template stays two lines', async () => {
    const page = await app.newPage();
    await signIn(page, 'first-hour-endpoint@example.com');
    await apiCall(page, 'POST', '/api/endpoints/', {
      name: 'Local fake',
      base_url: fake.openaiBaseUrl,
      key: ENDPOINT_KEY,
      models: [{ model_name: 'llama3.2' }],
    });
    const { projectId } = await seedProject(page, {
      name: 'Own endpoint',
      inputs: [{ name: 'Greeting', content: 'Say hello.' }],
      configurations: [{ name: 'Local llama', model: 'llama3.2', prompt: 'Be brief.' }],
    });

    await page.goto(`/project/${projectId}/configs`);
    await page.getByRole('button', { name: 'Edit Local llama' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Prompt Configuration' });
    await expect(editor.getByLabel('AI model').locator('option:checked')).toHaveText('Local fake - llama3.2');

    const template = editor.getByLabel('User message template');
    await template.fill('Topic: {{input}}\nQuestion: what would you answer?');
    await editor.getByRole('button', { name: 'Update' }).click();
    await expect(editor).toBeHidden();
    const [saved] = await apiCall<{ user_template: string }[]>(
      page,
      'GET',
      `/api/projects/${projectId}/configurations/`,
    );
    expect(saved?.user_template).toBe('Topic: {{input}}\nQuestion: what would you answer?');

    await page.getByRole('button', { name: 'Edit Local llama' }).click();
    await expect(editor.getByLabel('User message template')).toHaveValue(
      'Topic: {{input}}\nQuestion: what would you answer?',
    );
    await expect(editor.getByLabel('AI model').locator('option:checked')).toHaveText('Local fake - llama3.2');
    await page.keyboard.press('Escape');
  });

  test('a judge without its key is named on the run screen before anything runs, and Trends leaves mock runs out', async () => {
    const page = await app.newPage();
    await signIn(page, 'first-hour-judge@example.com');
    const { projectId } = await seedProject(page, {
      name: 'Judged replies',
      inputs: [{ name: 'Greeting', content: 'Say hello.' }],
      configurations: [{ name: 'Claude', model: 'claude-sonnet-4-6', prompt: 'Be warm.' }],
    });
    // A real run is possible (an Anthropic key), but the judge runs on OpenAI, whose key is missing.
    await storeApiKey(page, 'anthropic', 'sk-ant-first-hour-0001');
    await apiCall(page, 'POST', `/api/projects/${projectId}/checks/`, {
      name: 'Polite?',
      type: 'llm_judge',
      value: 'Is the reply polite?',
      ai_model_id: await modelId(page, 'gpt-4.1-mini'),
    });

    await page.goto(`/project/${projectId}/run`);
    await expect(page.getByRole('switch', { name: 'Mock mode (no API calls)' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    // The estimate answers 400 naming the judge; the page shows it beside a disabled Run button.
    app.allowConsoleError(/status of 400/);
    await seeText(
      page,
      /The judge "Polite\?" runs on gpt-4\.1-mini: add an OpenAI API key in API Settings, or turn on mock mode\./,
    );
    await expect(page.getByRole('button', { name: 'Run Evaluation' })).toBeDisabled();
    await shot(page, 'first-hour-missing-judge-key');

    // In mock mode the mock judges: the run goes, and Trends leaves it out until mock runs are asked for.
    await mockRun(page, projectId);
    await page.goto(`/project/${projectId}/trends`);
    const mockSwitch = page.getByRole('switch', { name: 'Show mock runs' });
    await expect(mockSwitch).toHaveAttribute('aria-checked', 'false');
    await seeText(page, 'No trend yet');
    await mockSwitch.click();
    await visible(page.getByText('Mock run').first());
    await shot(page, 'first-hour-trends-with-mock');
  });
});
