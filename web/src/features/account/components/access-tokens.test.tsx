import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccessToken } from '@promptgrid/contract';
import { renderWithApp } from '@/testing/app-test-utils';
import { callsOf, mockApi } from '@/testing/api-mock';
import { AccessTokens } from './access-tokens';

const listed: AccessToken = {
  id: 7,
  name: 'GitHub Actions',
  last_four: 'Xy9_',
  created_at: '2026-11-20T10:00:00.000Z',
  last_used_at: null,
  expires_at: null,
};
const secret = `pg_${'a'.repeat(39)}Xy9_`;

describe('API tokens in Account settings', () => {
  it('creates a token with a name and expiry, shows it once, then lists it without the token', async () => {
    const user = userEvent.setup();
    let tokens: AccessToken[] = [];
    const calls = mockApi(({ method, url }) => {
      if (method === 'GET' && url === '/api/tokens/') return { body: tokens };
      if (method === 'POST' && url === '/api/tokens/') {
        tokens = [listed];
        return { status: 201, body: { ...listed, token: secret } };
      }
      return undefined;
    });
    renderWithApp(<AccessTokens />, { route: '/account' });
    expect(await screen.findByText('No API tokens yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const form = screen.getByRole('dialog', { name: 'Create API token' });
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(within(form).getByText('Name is required.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/^Name/), 'GitHub Actions');
    await user.type(within(form).getByLabelText('Expires on (optional)'), '2099-12-31');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new API token' });
    expect(within(shown).getByLabelText('New API token')).toHaveTextContent(secret);
    expect(within(shown).getByRole('button', { name: 'Copy token' })).toBeInTheDocument();
    const sent = JSON.parse(calls.find((call) => call.method === 'POST')!.body);
    expect(sent.name).toBe('GitHub Actions');
    expect(new Date(sent.expires_at).getFullYear()).toBe(2099);

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    const row = await screen.findByRole('listitem');
    expect(row).toHaveTextContent('GitHub Actions ending in Xy9_');
    expect(row).toHaveTextContent('Last used never · Expires never');
    expect(document.body).not.toHaveTextContent(secret);
  }, 15_000);

  it('revokes a token only after the confirm', async () => {
    const user = userEvent.setup();
    let tokens = [listed];
    const calls = mockApi(({ method, url }) => {
      if (method === 'GET' && url === '/api/tokens/') return { body: tokens };
      if (method === 'DELETE' && url === '/api/tokens/7/') {
        tokens = [];
        return { status: 204 };
      }
      return undefined;
    });
    renderWithApp(<AccessTokens />, { route: '/account' });
    await user.click(await screen.findByRole('button', { name: 'Revoke GitHub Actions' }));
    const confirm = screen.getByRole('dialog', { name: 'Revoke token' });
    expect(confirm).toHaveTextContent('Scripts using "GitHub Actions" stop working at once.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(callsOf(calls)).not.toContain('DELETE /api/tokens/7/');

    await user.click(screen.getByRole('button', { name: 'Revoke GitHub Actions' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Revoke token' })).getByRole('button', { name: 'Revoke token' }),
    );
    await waitFor(() => expect(screen.getByText('No API tokens yet.')).toBeInTheDocument());
    expect(callsOf(calls)).toContain('DELETE /api/tokens/7/');
  });
});
