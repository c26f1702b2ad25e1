// Live results: replies fill the cards as they stream, before the run ends; the grid charts the time to first token.
import { expect, test } from '@playwright/test';
import { startFakeProviders, type FakeProviders } from '@promptgrid/test-support/fake-providers';
import { apiCall, shot, signIn, useApp } from '../support/app';
import { visible } from '../support/expect';
import { seedProject, storeApiKey } from '../support/flows';

const OPENAI_KEY = 'sk-e2e-live-openai-0001';

let fake: FakeProviders;
const app = useApp(async () => {
  fake = await startFakeProviders({ apiKeys: [OPENAI_KEY] });
  return { name: 'live-streaming', env: { OPENAI_BASE_URL: fake.openaiBaseUrl } };
});
test.afterAll(async () => {
  await fake?.close();
});

const QUESTION = 'Tell me about the river that runs through the old town and the seven bridges that cross it';

test.describe('live results', () => {
  test('a streaming reply shows in its card while the run is still running', async () => {
    const page = await app.newPage();
    await signIn(page, 'live-owner@example.com');
    await storeApiKey(page, 'openai', OPENAI_KEY);
    // The fake sends the first piece of each reply after 2 s and the last after 9 s.
    const { projectId } = await seedProject(page, {
      name: 'Live project',
      inputs: [{ name: 'River', content: QUESTION }],
      configurations: [{ name: 'Slow writer', model: 'gpt-4.1', prompt: '[[fake:stream=2000-9000]] Answer plainly.' }],
    });
    const ids = async (url: string) => (await apiCall<{ id: number }[]>(page, 'GET', url)).map((x) => x.id);
    const run = await apiCall<{ evaluation_id: number }>(page, 'POST', '/api/run-evaluation/', {
      configuration_ids: await ids(`/api/projects/${projectId}/configurations/`),
      input_ids: await ids(`/api/projects/${projectId}/inputs/`),
      name: 'Evaluation live',
      use_mock: false,
    });
    await page.goto(`/project/${projectId}/results?evaluation=${run.evaluation_id}`);

    // Part of the reply is on screen while the run is still going.
    await visible(page.getByText(/Echo from gpt-4\.1: Tell me/), 15_000);
    expect(await page.getByRole('status', { name: 'Status: Running' }).count()).toBe(1);
    expect(await page.getByText(`Echo from gpt-4.1: ${QUESTION}`).count()).toBe(0);
    await shot(page, 'live-streaming-partial');

    await visible(page.getByRole('status', { name: 'Status: Complete' }), 30_000);
    await visible(page.getByText(`Echo from gpt-4.1: ${QUESTION}`));

    await page.getByRole('group', { name: 'Results layout' }).getByRole('button', { name: 'Matrix' }).click();
    await page.getByRole('button', { name: 'Charts' }).click();
    await visible(page.getByText('Mean time to first token (s)'));
    await shot(page, 'live-streaming-charts');
  });
});
