import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, renderWithApp } from '@/testing/app-test-utils';
import { callsOf, mockApi } from '@/testing/api-mock';
import { AccountSettings } from './account-settings';

const status = (billingEnabled: boolean) => ({
  status: 'free',
  has_access: true,
  num_requests_sent: 2,
  free_requests_remaining: 48,
  num_free_requests: 50,
  cancel_at_period_end: false,
  current_period_end: null,
  billing_enabled: billingEnabled,
});
const config = (billingEnabled: boolean) => ({
  google_client_id: null,
  dev_login: true,
  billing_enabled: billingEnabled,
  analytics_key: null,
  free_evaluations_per_month: 50,
});

describe('AccountSettings', () => {
  it('keeps Upgrade to Pro visible but disabled, with the reason, when billing is off', async () => {
    const fetchMock = mockApi(({ url }) => {
      if (url === '/api/subscription/status/') return { body: status(false) };
      if (url === '/api/config/') return { body: config(false) };
      return undefined;
    });
    renderWithApp(<AccountSettings />, { route: '/account' });
    expect(await screen.findByText('Evaluations left: 48')).toBeInTheDocument();
    const upgrade = screen.getByRole('button', { name: 'Upgrade to Pro' });
    expect(upgrade).toBeDisabled();
    expect(upgrade).toHaveAccessibleDescription(/Billing is not configured on this server/);
    expect(screen.queryByText('Failed to start upgrade process')).not.toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain('POST /api/create-checkout-session/');
  });

  it('also reads billing off from the public config alone', async () => {
    mockApi(({ url }) => {
      if (url === '/api/subscription/status/') return { body: status(true) };
      if (url === '/api/config/') return { body: config(false) };
      return undefined;
    });
    renderWithApp(<AccountSettings />, { route: '/account' });
    await screen.findByText('Evaluations left: 48');
    expect(await screen.findByText(/Billing is not configured on this server/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade to Pro' })).toBeDisabled();
  });

  it('shows no plan, evaluations left or upgrade on a server without billing and without a limit', async () => {
    mockApi(({ url }) => {
      if (url === '/api/subscription/status/')
        return { body: { ...status(false), free_requests_remaining: null, num_free_requests: null } };
      if (url === '/api/config/') return { body: { ...config(false), free_evaluations_per_month: null } };
      return undefined;
    });
    renderWithApp(<AccountSettings />, { route: '/account' });
    expect(await screen.findByText('ada@example.com')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Subscription' })).not.toBeInTheDocument());
    expect(screen.queryByText(/Evaluations left/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade to Pro' })).not.toBeInTheDocument();
  });

  it('says there is no limit where billing is on but the server sets none', async () => {
    mockApi(({ url }) => {
      if (url === '/api/subscription/status/')
        return { body: { ...status(true), free_requests_remaining: null, num_free_requests: null } };
      if (url === '/api/config/') return { body: { ...config(true), free_evaluations_per_month: null } };
      return undefined;
    });
    renderWithApp(<AccountSettings />, { route: '/account' });
    expect(await screen.findByText('Evaluations left: no limit')).toBeVisible();
  });

  it('offers an enabled Upgrade to Pro when billing is on', async () => {
    mockApi(({ url }) => {
      if (url === '/api/subscription/status/') return { body: status(true) };
      if (url === '/api/config/') return { body: config(true) };
      return undefined;
    });
    renderWithApp(<AccountSettings />, { route: '/account' });
    await screen.findByText('Evaluations left: 48');
    expect(screen.getByRole('button', { name: 'Upgrade to Pro' })).toBeEnabled();
    expect(screen.queryByText(/Billing is not configured/)).not.toBeInTheDocument();
  });
});

describe('Delete account', () => {
  it('asks for the e-mail address in a dialog, then deletes the account and signs out', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi(({ method, url }) => {
      if (url === '/api/subscription/status/') return { body: status(true) };
      if (url === '/api/config/') return { body: config(true) };
      if (method === 'DELETE' && url === '/api/account/') return { status: 204 };
      return undefined;
    });
    const auth = fakeAuth();
    renderWithApp(<AccountSettings />, { route: '/account', auth });
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete account' });
    const field = within(dialog).getByLabelText('Type ada@example.com to confirm');

    await user.type(field, 'someone@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account permanently' }));
    expect(within(dialog).getByText('This is not the e-mail address of this account.')).toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain('DELETE /api/account/');

    await user.clear(field);
    await user.type(field, 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account permanently' }));
    await waitFor(() => expect(auth.logout).toHaveBeenCalled());
    const call = fetchMock.find((made) => made.method === 'DELETE')!;
    expect(call.url).toBe('/api/account/');
    expect(JSON.parse(call.body)).toEqual({ email: 'ada@example.com' });
  });
});
