// Two people on one browser: what the first leaves in browser storage must show nothing to the second; deleting an
// evaluation or the account leaves no cached copy behind.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { apiCall, shot, signIn, useApp } from '../support/app';
import { openUserMenuItem, seedProject } from '../support/flows';
import { atPath, hidden, seeText, visible } from '../support/expect';

const app = useApp({ name: 'storage-between-users' });

const SECRET = 'alice-private-contract-clause-42';
const appKeys = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('promptgrid:')));

/** Alice's project with one finished mock run, its results shown (and so cached) in the page. */
async function aliceWithResults(page: Page) {
  await signIn(page, 'alice@example.com');
  const { projectId } = await seedProject(page, {
    name: 'Alice contracts',
    inputs: [{ name: 'Clause', content: SECRET }],
    configurations: [{ name: 'Summarizer', model: 'gpt-4.1-mini', prompt: 'Summarize.' }],
  });
  const models = await apiCall<{ id: number }[]>(page, 'GET', `/api/projects/${projectId}/configurations/`);
  const inputs = await apiCall<{ id: number }[]>(page, 'GET', `/api/projects/${projectId}/inputs/`);
  const run = await apiCall<{ evaluation_id: number }>(page, 'POST', '/api/run-evaluation/', {
    configuration_ids: models.map((m) => m.id),
    input_ids: inputs.map((i) => i.id),
    use_mock: true,
  });
  await page.goto(`/project/${projectId}/results?evaluation=${run.evaluation_id}`);
  await seeText(page, new RegExp(SECRET));
  await seeText(page, '1 of 1');
  await expect.poll(() => appKeys(page)).toHaveLength(1);
  return { projectId, evaluationId: run.evaluation_id };
}

test.describe('browser storage between users', () => {
  test('after a logout, the next user on the same browser sees nothing of the first', async () => {
    const page = await app.newPage();
    const { projectId } = await aliceWithResults(page);
    const [key] = await appKeys(page);
    const alice = await apiCall<{ id: number }>(page, 'GET', '/auth/me/');
    expect(key).toBe(`promptgrid:results:${alice.id}:queries`);
    await shot(page, 'storage-alice-results');

    await openUserMenuItem(page, 'Logout');
    await atPath(page, '/landing');
    expect(await appKeys(page)).toEqual([]);

    await signIn(page, 'bob@example.com');
    await seeText(page, 'No projects yet');
    app.allowConsoleError(/status of 404/); // Alice's project is not Bob's
    await page.goto(`/project/${projectId}/results`);
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(new RegExp(SECRET)).count()).toBe(0);
    expect(await page.content()).not.toContain(SECRET);
    await shot(page, 'storage-bob-on-alice-project');
  });

  test('a session that ended without a logout clears what it left once the page learns of it', async () => {
    const page = await app.newPage();
    await aliceWithResults(page);
    await page.context().clearCookies(); // the session ended (expired, or signed out elsewhere)
    app.allowConsoleError(/status of 401/);
    await page.goto('/projects');
    await page.waitForURL((url) => url.pathname !== '/projects');
    await expect.poll(() => appKeys(page)).toEqual([]);
    await signIn(page, 'carol@example.com');
    await seeText(page, 'No projects yet');
    expect(await page.content()).not.toContain(SECRET);
  });

  test('a deleted evaluation leaves the results screen empty and its cached copy is dropped', async () => {
    const page = await app.newPage();
    const { projectId, evaluationId } = await aliceWithResults(page);
    await apiCall(page, 'DELETE', `/api/evaluations/${evaluationId}/`);
    app.allowConsoleError(/status of 404/);
    await page.goto(`/project/${projectId}/results`);
    await seeText(page, 'No evaluation yet');
    // The persister's key stays for this user's other runs; nothing of the deleted one is left in it.
    await expect.poll(() => page.evaluate(() => JSON.stringify(localStorage))).not.toContain(SECRET);
    expect(await page.content()).not.toContain(SECRET);
  });

  test('Delete account asks for the e-mail address, then removes everything and signs out', async () => {
    const page = await app.newPage();
    await aliceWithResults(page);
    await page.goto('/account');
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete account' });
    await visible(dialog);
    await dialog.getByLabel('Type alice@example.com to confirm').fill('alice@example.co');
    await dialog.getByRole('button', { name: 'Delete account permanently' }).click();
    await seeText(dialog, 'This is not the e-mail address of this account.');
    await shot(page, 'delete-account-dialog');
    await dialog.getByLabel('Type alice@example.com to confirm').fill('alice@example.com');
    await dialog.getByRole('button', { name: 'Delete account permanently' }).click();
    await hidden(dialog);
    await atPath(page, '/landing');
    expect(await appKeys(page)).toEqual([]);

    await signIn(page, 'alice@example.com'); // a new, empty account under the same address
    await seeText(page, 'No projects yet');
  });
});
