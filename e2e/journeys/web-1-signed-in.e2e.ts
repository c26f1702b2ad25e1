// Web app I, signed in: projects (create/edit/delete), the API Configuration modal, the account page, logout.
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { shot, signIn, useApp } from '../support/app';
import { seedProject } from '../support/flows';
import { atPath, count, hidden, isReddish, rgbOf, seeText, visible } from '../support/expect';

// Stripe is off on this server: the account page must say billing is not configured instead of failing.
const app = useApp({ name: 'web-1-signed-in' });

const openUserMenuItem = async (page: Page, item: string) => {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
};

/** The project card: the smallest element holding the project's name and its 'Project actions' menu button. */
const projectCard = (page: Page, name: string): Locator =>
  page
    .locator('article, li, [data-project-card], div')
    .filter({ has: page.getByText(name, { exact: true }) })
    .filter({ has: page.getByRole('button', { name: 'Project actions' }) })
    .last();

test.describe('projects', () => {
  test('empty state, create (required fields), edit, a second project on top, open a project', async () => {
    const page = await app.newPage();
    await signIn(page, 'projects@example.com');

    await seeText(page, 'No projects yet');
    await seeText(page, 'Create your first project to get started');
    await seeText(page, 'Currently you have: 0 Project(s)').catch(() => {
      // The count line is optional on the empty state; the rest of the journey checks it with projects.
    });
    await shot(page, 'projects-empty');

    await page.getByRole('button', { name: 'Create Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Project' });
    await visible(dialog);
    const name = dialog.getByLabel('Project Name');
    const description = dialog.getByLabel('Description');
    // Both fields are required: submitting empty keeps the dialog open and creates nothing.
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await visible(dialog);
    await name.fill('Legal summarizer');
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await visible(dialog);
    await description.fill('Summaries of contracts, three models');
    await shot(page, 'project-create-dialog');
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await hidden(dialog);
    // A new project opens at once, ready for its first user prompts.
    await page.waitForURL(/\/project\/\d+\/inputs$/);
    await visible(page.getByRole('banner').getByText('Legal summarizer', { exact: true }));
    await page.getByRole('link', { name: 'Projects', exact: true }).click();

    await seeText(page, 'Currently you have: 1 Project(s)');
    const card = projectCard(page, 'Legal summarizer');
    await visible(card);
    await visible(card.getByText('Summaries of contracts, three models', { exact: true }));
    await visible(card.getByText('Just now', { exact: true }));
    await visible(card.getByText(/\b0 System Prompts\b/i));
    await visible(card.getByText(/\b0 User Prompts\b/i));
    await visible(card.getByRole('link', { name: 'View Project' }));

    // Edit
    await card.getByRole('button', { name: 'Project actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit Project' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Project' });
    await visible(edit);
    expect(await edit.getByLabel('Project Name').inputValue()).toBe('Legal summarizer');
    expect(await edit.getByLabel('Description').inputValue()).toBe('Summaries of contracts, three models');
    await edit.getByLabel('Project Name').fill('Contract summarizer');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await hidden(edit);
    await visible(projectCard(page, 'Contract summarizer'));
    await count(page.getByText('Legal summarizer', { exact: true }), 0);

    // A second project from the side panel's New Project button: newest first.
    await page.getByRole('button', { name: 'New Project' }).click();
    const second = page.getByRole('dialog', { name: 'Create New Project' });
    await second.getByLabel('Project Name').fill('Support bot');
    await second.getByLabel('Description').fill('Tone of voice experiments');
    await second.getByRole('button', { name: 'Create Project' }).click();
    await hidden(second);
    await page.waitForURL(/\/project\/\d+\/inputs$/);
    await page.goto('/projects');
    await seeText(page, 'Currently you have: 2 Project(s)');
    const names = await page.getByRole('link', { name: 'View Project' }).evaluateAll((links) => links.length);
    expect(names).toBe(2);
    const order = await page.getByText(/^(Support bot|Contract summarizer)$/).allTextContents();
    expect(order, 'newest project first').toEqual(['Support bot', 'Contract summarizer']);
    await shot(page, 'projects', { dark: true });

    // Clicking a card opens the project's user prompts.
    await projectCard(page, 'Contract summarizer').getByText('Contract summarizer', { exact: true }).click();
    await page.waitForURL(/\/project\/\d+\/inputs$/);

    // Survives a reload: the project list comes from the server.
    await page.goto('/projects');
    await seeText(page, 'Currently you have: 2 Project(s)');
    await visible(projectCard(page, 'Contract summarizer'));
  });

  test('deleting a project asks first with its confirmation text; Cancel keeps it, Delete removes it', async () => {
    const page = await app.newPage();
    await signIn(page, 'deleting@example.com');
    for (const [name, description] of [
      ['Contract summarizer', 'Kept'],
      ['Support bot', 'Deleted'],
    ] as const) {
      await page.getByRole('button', { name: 'New Project' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Create New Project' });
      await dialog.getByLabel('Project Name').fill(name);
      await dialog.getByLabel('Description').fill(description);
      await dialog.getByRole('button', { name: 'Create Project' }).click();
      await hidden(dialog);
      await page.waitForURL(/\/project\/\d+\/inputs$/);
      await page.goto('/projects');
    }
    await seeText(page, 'Currently you have: 2 Project(s)');
    // Delete, with its confirmation text; cancelling keeps the project.
    await projectCard(page, 'Support bot').getByRole('button', { name: 'Project actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete Project' }).click();
    const confirm = page.getByRole('dialog').or(page.getByRole('alertdialog'));
    await visible(confirm.getByText('Are you sure you want to delete this project? This action cannot be undone.'));
    await shot(page, 'project-delete-dialog');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await hidden(confirm);
    await seeText(page, 'Currently you have: 2 Project(s)');

    await projectCard(page, 'Support bot').getByRole('button', { name: 'Project actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete Project' }).click();
    await confirm.getByRole('button', { name: /^Delete/ }).click();
    await hidden(confirm);
    await seeText(page, 'Currently you have: 1 Project(s)');
    await count(page.getByText('Support bot', { exact: true }), 0);

    await projectCard(page, 'Contract summarizer').getByRole('button', { name: 'Project actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete Project' }).click();
    await confirm.getByRole('button', { name: /^Delete/ }).click();
    await seeText(page, 'No projects yet');
  });
});

test.describe('project cards', () => {
  test("relative ages ('Just now', 'Nh ago', 'Nd ago') and singular/plural counts", async () => {
    const page = await app.newPage();
    await signIn(page, 'ages@example.com');
    await seedProject(page, {
      name: 'Counted',
      inputs: [{ name: 'Only input', content: 'One user prompt' }],
      configurations: [
        { name: 'First', model: 'gpt-4.1-mini', prompt: 'One' },
        { name: 'Second', model: 'claude-haiku-4-5', prompt: 'Two' },
      ],
    });
    await page.reload();
    const card = projectCard(page, 'Counted');
    await visible(card.getByText('Just now', { exact: true }));
    await visible(card.getByText('2 system prompts', { exact: true }));
    await visible(card.getByText('1 user prompt', { exact: true }));

    // The browser's clock moves on; the server's updated_at stays.
    const now = Date.now();
    await page.clock.setFixedTime(now + 3 * 3600_000 + 60_000);
    await page.reload();
    await visible(projectCard(page, 'Counted').getByText('3h ago', { exact: true }));
    await page.clock.setFixedTime(now + 2 * 24 * 3600_000 + 60_000);
    await page.reload();
    await visible(projectCard(page, 'Counted').getByText('2d ago', { exact: true }));
  });

  test("the user menu's Landing Page and Projects Home, and the logo, lead where they promise", async () => {
    const page = await app.newPage();
    await signIn(page, 'menu@example.com');
    await openUserMenuItem(page, 'Landing Page');
    await atPath(page, '/landing');
    // Signed in, the hero's Get Started goes to /projects.
    await page
      .getByRole('button', { name: 'Get Started' })
      .or(page.getByRole('link', { name: 'Get Started' }))
      .first()
      .click();
    await atPath(page, '/projects');
    await page.goto('/account');
    await openUserMenuItem(page, 'Projects Home');
    await atPath(page, '/projects');
    await page.getByRole('navigation').getByRole('link', { name: 'Projects Home' }).first().click();
    await atPath(page, '/projects');
    await page
      .getByRole('banner')
      .getByRole('link', { name: /Promptgrid/ })
      .first()
      .click();
    await atPath(page, '/landing');
  });
});

test.describe('project errors', () => {
  test('failing project calls show red banners that say what failed', async () => {
    const page = await app.newPage();
    await signIn(page, 'errors@example.com');
    app.allowConsoleError(/status of 500 \(Internal Server Error\) \(http:\/\/[^)]+\/api\/projects\/\)$/);
    const failing = async (route: import('@playwright/test').Route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ detail: 'Simulated failure' }),
      });

    await page.route('**/api/projects/', failing);
    await page.reload();
    const loadError = await seeText(page, 'Failed to load projects');
    expect(isReddish(await rgbOf(loadError)), 'the banner text is red').toBe(true);
    await shot(page, 'projects-load-error');

    await page.unroute('**/api/projects/');
    await page.reload();
    await seeText(page, 'No projects yet');
    await page.route('**/api/projects/', (route) =>
      route.request().method() === 'POST' ? failing(route) : route.continue(),
    );
    await page.getByRole('button', { name: 'Create Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Project' });
    await dialog.getByLabel('Project Name').fill('Doomed');
    await dialog.getByLabel('Description').fill('The server refuses it');
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await seeText(page, 'Failed to create project');
  });
});

test.describe('API Configuration modal', () => {
  test('save, show/hide, replace and remove an OpenAI key, then save an Anthropic key', async () => {
    const page = await app.newPage();
    await signIn(page, 'keys@example.com');
    await openUserMenuItem(page, 'API Settings');
    const dialog = page.getByRole('dialog');
    await visible(dialog);
    // One card per built-in provider: OpenAI, Anthropic, Google Gemini.
    await count(dialog.getByText('Not Configured', { exact: true }), 3);
    await visible(dialog.getByRole('link', { name: /OpenAI/i }));
    await visible(dialog.getByRole('link', { name: /Anthropic/i }));
    await visible(dialog.getByRole('link', { name: /Google/i }));
    await shot(page, 'api-keys-empty');

    const openaiField = dialog.getByPlaceholder('sk-...', { exact: true });
    const anthropicField = dialog.getByPlaceholder('sk-ant-...', { exact: true });
    await visible(openaiField);
    await visible(anthropicField);
    expect(await openaiField.getAttribute('type'), 'the key field is masked').toBe('password');
    // The save button appears only once text is entered.
    await count(dialog.getByRole('button', { name: 'Save OpenAI Key' }), 0);
    await openaiField.fill('sk-test-e2e-first-1234');
    await dialog.getByRole('button', { name: /show/i }).first().click();
    expect(await openaiField.getAttribute('type')).toBe('text');
    await dialog.getByRole('button', { name: /hide/i }).first().click();
    expect(await openaiField.getAttribute('type')).toBe('password');

    await dialog.getByRole('button', { name: 'Save OpenAI Key' }).click();
    await seeText(dialog, 'OpenAI API key saved successfully!');
    await visible(dialog.getByText('Active', { exact: true }));
    await visible(dialog.getByText(/Key ending in\s*1234/));
    await count(dialog.getByText('Not Configured', { exact: true }), 2);
    await shot(page, 'api-keys-saved');
    // The message goes away after 2 seconds.
    await hidden(dialog.getByText('OpenAI API key saved successfully!'), 6_000);

    // The stored key is never shown in clear, and survives a reload.
    await page.reload();
    await openUserMenuItem(page, 'API Settings');
    await visible(dialog.getByText(/Key ending in\s*1234/));
    expect(await dialog.textContent()).not.toContain('sk-test-e2e-first');

    // Replace
    await dialog.getByRole('button', { name: 'Replace' }).click();
    await dialog.getByPlaceholder('sk-...', { exact: true }).fill('sk-test-e2e-second-9876');
    await dialog.getByRole('button', { name: 'Save OpenAI Key' }).click();
    await seeText(dialog, 'OpenAI API key saved successfully!');
    await visible(dialog.getByText(/Key ending in\s*9876/));
    await count(dialog.getByText(/Key ending in\s*1234/), 0);

    // Remove (confirming if the app asks)
    await dialog.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('alertdialog');
    if (await confirm.isVisible().catch(() => false))
      await confirm.getByRole('button', { name: /remove|delete|confirm/i }).click();
    await count(dialog.getByText('Not Configured', { exact: true }), 3);
    await count(dialog.getByText(/Key ending in/), 0);

    // The Anthropic card works the same way.
    await dialog.getByPlaceholder('sk-ant-...', { exact: true }).fill('sk-ant-e2e-key-5555');
    await dialog.getByRole('button', { name: 'Save Anthropic Key' }).click();
    await seeText(dialog, 'Anthropic API key saved successfully!');
    await visible(dialog.getByText(/Key ending in\s*5555/));
    await count(dialog.getByText('Not Configured', { exact: true }), 2);
  });
});

test.describe('account', () => {
  test('Account Settings with the e-mail, Evaluations left: 50 and a clear message when billing is off; Back', async () => {
    const page = await app.newPage();
    await signIn(page, 'account@example.com');
    await openUserMenuItem(page, 'Account');
    await atPath(page, '/account');
    await visible(page.getByRole('heading', { name: 'Account Settings' }));
    await visible(page.getByText(/account@example\.com/));
    await seeText(page, 'Evaluations left: 50');
    await count(page.getByText('Subscription active', { exact: true }), 0);
    await count(page.getByRole('button', { name: 'Manage Subscription' }), 0);
    // Billing off: Upgrade to Pro stays visible but disabled, described by the reason (no failing checkout call).
    const upgrade = await visible(page.getByRole('button', { name: 'Upgrade to Pro' }));
    await visible(page.getByText(/billing is not configured/i));
    expect(await upgrade.isDisabled()).toBe(true);
    expect(await upgrade.getAttribute('aria-describedby')).toBeTruthy();
    await shot(page, 'account');
    await page
      .getByRole('button', { name: 'Back' })
      .or(page.getByRole('link', { name: 'Back' }))
      .first()
      .click();
    await page.waitForURL((url) => url.pathname !== '/account');
  });
});

test.describe('logout', () => {
  test('Logout goes to /landing and the protected routes are closed again', async () => {
    const page = await app.newPage();
    await signIn(page, 'logout@example.com');
    await openUserMenuItem(page, 'Logout');
    await atPath(page, '/landing');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await page.goto('/projects');
    await atPath(page, '/signin');
    // The server session is gone too.
    const me = await page.context().request.get('/auth/me/');
    expect(me.status()).toBe(401);
  });
});
