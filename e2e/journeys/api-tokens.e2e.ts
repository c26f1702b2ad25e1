// A user creates an API token in Account settings, sees it once, copies it, uses it from a script, and revokes it.
import { expect, test } from '@playwright/test';
import { ROUTES } from '@promptgrid/contract';
import { shot, signIn, useApp } from '../support/app';
import { hidden, seeText, visible } from '../support/expect';

const app = useApp({ name: 'api-tokens' });

test.describe('API tokens', () => {
  test('create a token, see it once, copy it, use it, revoke it', async () => {
    const page = await app.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, 'token-user@example.com');
    await page.goto('/account');
    const section = page.getByRole('region', { name: 'API tokens' });
    await seeText(section, 'No API tokens yet.');

    await section.getByRole('button', { name: 'Create token' }).click();
    const form = page.getByRole('dialog', { name: 'Create API token' });
    await form.getByLabel('Name').fill('GitHub Actions');
    await form.getByRole('button', { name: 'Create token' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new API token' });
    await seeText(shown, /Copy it now: it is not shown again\./);
    const token = (await shown.getByLabel('New API token').textContent())!;
    expect(token).toMatch(/^pg_[A-Za-z0-9_-]{43}$/);
    await shot(page, 'api-token-shown-once');
    await shown.getByRole('button', { name: 'Copy token' }).click();
    await seeText(shown, 'Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

    // A script with the token alone: no cookie, no CSRF token.
    const asScript = () =>
      fetch(`${app.baseUrl}${ROUTES.projects}`, { headers: { authorization: `Bearer ${token}` } }).then(
        (r) => r.status,
      );
    expect(await asScript()).toBe(200);

    await shown.getByRole('button', { name: 'Done' }).click();
    await hidden(shown);
    const listed = section.getByRole('listitem').filter({ hasText: 'GitHub Actions' });
    await seeText(listed, `ending in ${token.slice(-4)}`);
    await seeText(listed, /Last used \S+ · Expires never/);
    await page.reload();
    await visible(section.getByRole('listitem').filter({ hasText: 'GitHub Actions' }));
    expect(await page.content(), 'the token is shown once only').not.toContain(token);

    await section.getByRole('button', { name: 'Revoke GitHub Actions' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke token' }).or(page.getByRole('alertdialog'));
    await seeText(confirm, /Scripts using "GitHub Actions" stop working at once\./);
    await confirm.getByRole('button', { name: 'Revoke token' }).click();
    await seeText(section, 'No API tokens yet.');
    expect(await asScript()).toBe(401);
  });
});
