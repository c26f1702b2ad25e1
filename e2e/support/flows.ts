import type { Page } from '@playwright/test';
import { apiCall } from './app';
import { hidden, visible } from './expect';

/** Creates a project through the projects screen's dialog, which opens it; returns its id. */
export async function createProjectViaUi(page: Page, name: string, description: string): Promise<number> {
  if (new URL(page.url()).pathname !== '/projects') await page.goto('/projects');
  const create = page
    .getByRole('button', { name: 'New Project' })
    .or(page.getByRole('button', { name: 'Create Project' }));
  await (await visible(create)).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Project' });
  await dialog.getByLabel('Project Name').fill(name);
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByRole('button', { name: 'Create Project' }).click();
  await hidden(dialog);
  await page.waitForURL(/\/project\/\d+\/inputs$/);
  return Number(/\/project\/(\d+)\//.exec(page.url())![1]);
}

export const openUserMenuItem = async (page: Page, item: string) => {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
};

type Model = { id: number; company: string; model_name: string; supports_json_mode: boolean };

/** Seeds a project with inputs and configurations through the API (for journeys about what comes after). */
export async function seedProject(
  page: Page,
  project: {
    name: string;
    inputs: { name: string; content: string; variables?: Record<string, string> }[];
    configurations: {
      name: string;
      model: string;
      prompt: string;
      json_mode?: boolean;
      max_tokens?: number | null;
      temperature?: number;
    }[];
  },
): Promise<{ projectId: number }> {
  const created = await apiCall<{ id: number }>(page, 'POST', '/api/projects/', {
    name: project.name,
    description: `${project.name} (seeded)`,
  });
  const models = await apiCall<Model[]>(page, 'GET', '/api/models/');
  for (const input of project.inputs) await apiCall(page, 'POST', `/api/projects/${created.id}/inputs/`, input);
  for (const c of project.configurations) {
    const model = models.find((m) => m.model_name === c.model);
    if (!model) throw new Error(`no model ${c.model} in the catalog`);
    await apiCall(page, 'POST', `/api/projects/${created.id}/configurations/`, {
      name: c.name,
      prompt_content: c.prompt,
      ai_model_id: model.id,
      parameters: { temperature: c.temperature ?? 0, max_tokens: c.max_tokens ?? null },
      provider_specific_params: model.supports_json_mode ? { json_mode: c.json_mode ?? false } : {},
      project: created.id,
    });
  }
  return { projectId: created.id };
}

export async function storeApiKey(page: Page, provider: 'openai' | 'anthropic', key: string) {
  await apiCall(page, 'POST', '/api/api-keys/', { provider, key, label: `e2e ${provider} key` });
}

/** Clicks Run Evaluation on the run screen and confirms the dialog once it announces `calls` API calls. */
export async function runAndConfirm(page: Page, calls: number) {
  await page.getByRole('button', { name: 'Run Evaluation' }).click();
  const confirm = page.getByRole('dialog').or(page.getByRole('alertdialog'));
  await visible(confirm.getByText(`Running this evaluation will make ${calls} API call(s).`, { exact: true }));
  await confirm
    .getByRole('button')
    .filter({ hasNotText: /cancel|close/i })
    .last()
    .click();
}
