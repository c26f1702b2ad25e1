// Tools: a system prompt that declares a tool, a mock run whose model calls it, and a "Calls tool" check that passes.
import type { Page } from '@playwright/test';
import { shot, signIn, useApp } from '../support/app';
import { hidden, visible } from '../support/expect';
import { runAndConfirm, seedProject } from '../support/flows';
import { test } from '@playwright/test';

const app = useApp({ name: 'tools' });

const WEATHER_TOOL = JSON.stringify(
  [
    {
      name: 'get_weather',
      description: 'The weather forecast for a city.',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string', examples: ['Paris'] }, days: { type: 'integer', minimum: 1 } },
        required: ['city', 'days'],
      },
    },
  ],
  null,
  2,
);

async function addToolConfiguration(page: Page, projectId: number) {
  await page.goto(`/project/${projectId}/configs`);
  await page.getByRole('button', { name: 'Add System Prompt' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New Prompt Configuration' });
  await visible(dialog);
  await dialog.getByLabel('Name', { exact: true }).fill('Weather assistant');
  const model = dialog.getByLabel('AI model');
  await test.expect.poll(() => model.locator('option').count()).toBeGreaterThan(1);
  await model.selectOption({ label: 'openai - gpt-4.1-mini' });
  await dialog.getByLabel('Tools (JSON)').fill(WEATHER_TOOL);
  await dialog.getByLabel('Tool choice').selectOption({ label: 'Always call get_weather' });
  await dialog.getByRole('textbox', { name: 'Prompt template' }).fill('Look up the weather the user asks about.');
  await shot(page, 'tools-configuration');
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await hidden(dialog);
  await visible(page.getByRole('article', { name: 'Weather assistant', exact: true }).getByText('Tools: get_weather'));
  await shot(page, 'tools-configs');
}

async function addCallsToolCheck(page: Page) {
  await page.getByRole('button', { name: 'Checks' }).click();
  const checks = page.getByRole('dialog', { name: 'Checks' });
  await checks.getByRole('button', { name: 'New check' }).click();
  await checks.getByLabel('Name', { exact: true }).fill('Asks for the weather');
  await checks.getByLabel('Type', { exact: true }).selectOption({ label: 'Calls tool' });
  await checks.getByLabel(/^Tool name/).fill('get_weather');
  await checks.getByRole('button', { name: 'Create check' }).click();
  await visible(checks.getByText('“Asks for the weather” is saved.', { exact: false }));

  await checks.getByRole('button', { name: 'New check' }).click();
  await checks.getByLabel('Name', { exact: true }).fill('City is Paris');
  await checks.getByLabel('Type', { exact: true }).selectOption({ label: 'Tool argument equals' });
  await checks.getByLabel(/^JSON path/).fill('$.city');
  await checks.getByLabel(/^Equals/).fill('Paris');
  await shot(page, 'tools-argument-check');
  await checks.getByRole('button', { name: 'Create check' }).click();
  await visible(checks.getByText('“City is Paris” is saved.', { exact: false }));
  await page.keyboard.press('Escape');
  await hidden(checks);
}

test.describe('tools', () => {
  test('a configuration with a tool, a mock run showing its call in the cell, passing "Calls tool" and argument checks', async () => {
    const page = await app.newPage();
    await signIn(page, 'tools@example.com');
    const { projectId } = await seedProject(page, {
      name: 'Weather tools',
      inputs: [{ name: 'Paris', content: 'Will it rain in Paris this week?' }],
      configurations: [],
    });
    await addToolConfiguration(page, projectId);

    await page.goto(`/project/${projectId}/results`);
    await addCallsToolCheck(page);

    // Mock mode (no key stored): the mock model calls the tool with arguments made from its schema.
    await page.goto(`/project/${projectId}/run`);
    await runAndConfirm(page, 1);
    await page.waitForURL(/\/results/);
    await visible(page.getByRole('status', { name: /Status: Complete/ }), 45_000);

    const card = page.getByRole('article', { name: 'Weather assistant', exact: true });
    const call = card.getByRole('list', { name: 'Tool calls' }).getByRole('listitem');
    await visible(call.getByText('Calls get_weather'));
    await visible(call.getByText(/"city": "Paris"/));
    await visible(card.getByRole('list', { name: 'Checks' }).getByText('Asks for the weather: pass'));
    await visible(card.getByRole('list', { name: 'Checks' }).getByText('City is Paris: pass'));
    await shot(page, 'tools-result-card');

    await page.getByRole('group', { name: 'Results layout' }).getByRole('button', { name: 'Matrix' }).click();
    const cell = page.getByRole('gridcell').filter({ hasText: 'Calls get_weather' });
    await visible(cell.getByText(/"days": 1/));
    await shot(page, 'tools-matrix');
  });
});
