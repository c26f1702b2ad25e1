// Run history from the server: the Results tab opens the latest run in any browser, older runs open from the
// History list with the names they ran under, runs are renamed and compared, and missing or foreign runs and
// projects say so.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { apiCall, shot, signIn, useApp } from '../support/app';
import { atPath, count, hidden, seeText, visible } from '../support/expect';
import { runAndConfirm, seedProject } from '../support/flows';

const app = useApp({ name: 'run-history' });

type Configuration = { id: number; name: string; ai_model: { id: number } };

async function mockRun(page: Page, projectId: number, name: string): Promise<number> {
  const configurations = await apiCall<Configuration[]>(page, 'GET', `/api/projects/${projectId}/configurations/`);
  const inputs = await apiCall<{ id: number }[]>(page, 'GET', `/api/projects/${projectId}/inputs/`);
  const run = await apiCall<{ evaluation_id: number }>(page, 'POST', '/api/run-evaluation/', {
    configuration_ids: configurations.map((c) => c.id),
    input_ids: inputs.map((i) => i.id),
    name,
    use_mock: true,
  });
  await expect
    .poll(
      async () =>
        (
          await apiCall<{ evaluation: { completed_at: string | null } }>(
            page,
            'GET',
            `/api/evaluations/${run.evaluation_id}/`,
          )
        ).evaluation.completed_at,
      { timeout: 20_000, intervals: [200] },
    )
    .not.toBeNull();
  return run.evaluation_id;
}

/** A project with a 'Baseline' run, then the 'Brief' prompt reworded and renamed 'Brief v2', then a 'Reworded' run. */
async function projectWithTwoRuns(page: Page, email: string) {
  await signIn(page, email);
  const { projectId } = await seedProject(page, {
    name: 'Weather answers',
    inputs: [
      { name: 'Rain', content: 'Why does it rain?' },
      { name: 'Snow', content: 'Why does it snow?' },
    ],
    configurations: [
      { name: 'Formal', model: 'gpt-4.1-mini', prompt: 'Answer formally.' },
      { name: 'Brief', model: 'gpt-4.1-mini', prompt: 'Answer briefly.' },
    ],
  });
  const baseline = await mockRun(page, projectId, 'Baseline');
  const configurations = await apiCall<Configuration[]>(page, 'GET', `/api/projects/${projectId}/configurations/`);
  const brief = configurations.find((c) => c.name === 'Brief')!;
  await apiCall(page, 'PUT', `/api/configurations/${brief.id}/`, {
    name: 'Brief v2',
    prompt_content: 'Answer in one short sentence, with an example.',
    ai_model_id: brief.ai_model.id,
    parameters: { temperature: 0, max_tokens: null },
    provider_specific_params: {},
  });
  const reworded = await mockRun(page, projectId, 'Reworded');
  return { projectId, baseline, reworded };
}

const header = (page: Page) => page.getByRole('region', { name: 'Results' });

test.describe('run history', () => {
  test('another browser context opens the latest run; an older one opens from the history as it ran', async () => {
    const first = await app.newPage();
    const { projectId, baseline, reworded } = await projectWithTwoRuns(first, 'history@example.com');
    // A prompt deleted since keeps its name on the runs that used it.
    const configurations = await apiCall<Configuration[]>(first, 'GET', `/api/projects/${projectId}/configurations/`);
    await apiCall(first, 'DELETE', `/api/configurations/${configurations.find((c) => c.name === 'Formal')!.id}/`);

    // A second browser, same user, nothing in its storage: the server decides what the Results tab shows.
    const page = await app.newPage();
    await signIn(page, 'history@example.com');
    await page.goto(`/project/${projectId}/results`);
    await seeText(header(page), 'Reworded');
    await seeText(page, '4 of 4');
    await visible(page.getByRole('article').filter({ hasText: 'Brief v2' }).first());
    await visible(page.getByRole('article').filter({ hasText: 'Formal' }).first());
    await shot(page, 'history-latest-in-new-browser');

    await page.getByRole('button', { name: 'History' }).click();
    const dialog = page.getByRole('dialog', { name: 'Evaluation history' });
    await visible(dialog);
    const rows = dialog.getByRole('listitem');
    await count(rows, 2);
    await seeText(rows.first(), 'Reworded');
    await seeText(rows.first(), /4 calls: 2 prompts × 2 inputs/);
    await seeText(rows.first(), /4 succeeded · 0 failed/);
    await seeText(rows.nth(1), 'Baseline');
    await shot(page, 'history-dialog');

    await dialog.getByRole('link', { name: 'Baseline' }).click();
    await hidden(dialog);
    await page.waitForURL((url) => url.search === `?evaluation=${baseline}`);
    await seeText(header(page), 'Baseline');
    // The cards carry the name the prompt had when this run ran, not today's.
    await visible(page.getByRole('article').filter({ hasText: 'Brief' }).first());
    await count(page.getByRole('article').filter({ hasText: 'Brief v2' }), 0);
    await seeText(page, /This is an earlier run\. The latest is Reworded\./);
    await shot(page, 'history-older-run');

    // The JSON download holds the configurations as this run sent them.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download JSON' }).click(),
    ]);
    const exported = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as {
      configurations: { name: string; prompt: string }[];
    };
    expect(exported.configurations.map((c) => [c.name, c.prompt])).toEqual([
      ['Formal', 'Answer formally.'],
      ['Brief', 'Answer briefly.'],
    ]);

    // Renamed from the header; the history follows.
    await page.getByRole('button', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename evaluation' });
    await rename.getByLabel('Name').fill('');
    await rename.getByRole('button', { name: 'Save' }).click();
    await seeText(rename, 'Name is required.');
    await rename.getByLabel('Name').fill('Before rewording');
    await rename.getByRole('button', { name: 'Save' }).click();
    await hidden(rename);
    await seeText(header(page), 'Before rewording');
    const renamed = await apiCall<{ evaluation: { name: string } }>(page, 'GET', `/api/evaluations/${baseline}/`);
    expect(renamed.evaluation.name).toBe('Before rewording');
    expect(reworded).toBeGreaterThan(baseline);
  });

  test('a run started from the run screen opens with its message and becomes the newest in the history', async () => {
    const page = await app.newPage();
    const { projectId, reworded } = await projectWithTwoRuns(page, 'third@example.com');
    await page.goto(`/project/${projectId}/run`);
    await runAndConfirm(page, 4);
    await page.waitForURL((url) => url.pathname === `/project/${projectId}/results` && url.search !== '');
    const third = Number(new URL(page.url()).searchParams.get('evaluation'));
    expect(third).toBeGreaterThan(reworded);
    await seeText(page, /Successfully/);
    await seeText(page, '4 of 4', 45_000);
    await count(page.getByText(/This is an earlier run/), 0);
    await page.getByRole('button', { name: 'History' }).click();
    const rows = page.getByRole('dialog', { name: 'Evaluation history' }).getByRole('listitem');
    await count(rows, 3);
    await seeText(rows.first(), 'Shown');
    // Left with the default name, it is shown by when it ran and its size.
    await seeText(rows.first(), /^[A-Z][a-z]{2} \d{1,2}, \d{2}:\d{2} · 2 prompts × 2 inputs$/);
  });

  test('two runs picked in the history compare cell by cell, changed cells first, with a word diff', async () => {
    const page = await app.newPage();
    const { projectId, baseline, reworded } = await projectWithTwoRuns(page, 'compare@example.com');
    await page.goto(`/project/${projectId}/results`);
    await page.getByRole('button', { name: 'History' }).click();
    const dialog = page.getByRole('dialog', { name: 'Evaluation history' });
    await dialog.getByRole('checkbox', { name: /Compare\s*Reworded/ }).check();
    await dialog.getByRole('checkbox', { name: /Compare\s*Baseline/ }).check();
    await dialog.getByRole('button', { name: 'Compare' }).click();

    await page.waitForURL((url) => url.pathname === `/project/${projectId}/compare`);
    expect(new URL(page.url()).search).toBe(`?base=${baseline}&head=${reworded}`);
    await visible(page.getByRole('heading', { name: 'Compare evaluations' }));
    await seeText(page.getByLabel('Summary'), '4 cells · 2 changed · 0 with another status · 2 with another output');
    const cells = page.getByRole('list', { name: 'Cells' }).getByRole('article');
    await count(cells, 4);
    await seeText(cells.first(), 'Brief v2');
    await seeText(cells.first(), 'Changed');
    await seeText(cells.first(), 'Named Brief in the base run');
    expect(await cells.first().locator('ins').count()).toBeGreaterThan(0);
    await seeText(cells.last(), 'Unchanged');
    await shot(page, 'compare-runs');

    await page.getByRole('checkbox', { name: 'Changed cells only' }).check();
    await count(cells, 2);
    await page.getByRole('button', { name: 'Side by side' }).click();
    await visible(cells.first().getByRole('region', { name: 'Base output' }));
    await shot(page, 'compare-side-by-side');
  });

  test('a missing or foreign run, and a missing project, show a clear not-found state', async () => {
    const page = await app.newPage();
    const { projectId, reworded } = await projectWithTwoRuns(page, 'lost@example.com');
    const { projectId: otherProject } = await seedProject(page, {
      name: 'Other',
      inputs: [{ name: 'One', content: 'One' }],
      configurations: [{ name: 'Solo', model: 'gpt-4.1-mini', prompt: 'Hi.' }],
    });
    const otherRun = await mockRun(page, otherProject, 'Elsewhere');
    app.allowConsoleError(/status of 40[04]/);

    await page.goto(`/project/${projectId}/results?evaluation=999999`);
    await seeText(page, 'Evaluation not found');
    await count(page.getByText('0 of 0'), 0);
    await count(page.getByText('Running'), 0);
    await shot(page, 'results-evaluation-not-found');
    await page.getByRole('link', { name: 'Open the latest evaluation' }).click();
    await atPath(page, `/project/${projectId}/results`);
    await seeText(header(page), 'Reworded');

    // Another project's run under this project's address.
    await page.goto(`/project/${projectId}/results?evaluation=${otherRun}`);
    await seeText(page, 'Evaluation not found');
    await count(page.getByText('Elsewhere'), 0);

    // Runs of two projects do not compare.
    await page.goto(`/project/${projectId}/compare?base=${reworded}&head=${otherRun}`);
    await seeText(page, 'head: Both evaluations must belong to the same project.');

    // Another user's run, and a missing project.
    const stranger = await app.newPage();
    await signIn(stranger, 'stranger@example.com');
    const { projectId: strangerProject } = await seedProject(stranger, {
      name: 'Mine',
      inputs: [],
      configurations: [],
    });
    await stranger.goto(`/project/${strangerProject}/results?evaluation=${reworded}`);
    await seeText(stranger, 'Evaluation not found');
    await stranger.goto(`/project/${strangerProject}/compare?base=${reworded}&head=${reworded}`);
    await seeText(stranger, 'Evaluation not found');
    await stranger.goto(`/project/${projectId}/results`);
    await seeText(stranger, 'Project not found');
    await count(stranger.getByRole('navigation', { name: 'Project sections' }), 0);
    await count(stranger.getByRole('button', { name: 'History' }), 0);
    await shot(stranger, 'results-project-not-found');
  });
});
