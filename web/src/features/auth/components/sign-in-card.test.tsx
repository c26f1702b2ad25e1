import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { fakeAuth, renderWithApp, TEST_USER } from '@/testing/app-test-utils';
import { mockApi, type ApiHandler } from '@/testing/api-mock';
import { publicConfigFixture } from '@/testing/fixtures';
import { SignInCard } from './sign-in-card';

const config = publicConfigFixture();

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderCard(handler: ApiHandler, auth = fakeAuth({ isAuthenticated: false, user: null })) {
  mockApi((request) => (request.url === '/api/config/' ? { body: config } : handler(request)));
  return renderWithApp(
    <Routes>
      <Route path="/signin" element={<SignInCard />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route: '/signin', auth },
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('SignInCard', () => {
  it('offers the dev e-mail form when the server allows it, and no Google button without a client id', async () => {
    renderCard(() => undefined);
    expect(await screen.findByLabelText('Email address')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome to Promptgrid' })).toBeInTheDocument();
    expect(screen.queryByTestId('google-sign-in')).not.toBeInTheDocument();
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });

  it("shows 'Signing you in...', logs in and checks the subscription", async () => {
    const auth = fakeAuth({ isAuthenticated: false, user: null });
    let releaseCheck: () => void = () => {};
    renderCard(({ url }) => {
      if (url === '/auth/dev-sign-in/') return { body: { status: 'success', user: TEST_USER, message: 'ok' } };
      // The check answers only when the test says so, to see the card while it waits.
      if (url === '/api/check-subscription/')
        return new Promise((resolve) => (releaseCheck = () => resolve({ body: { active: true } })));
      return undefined;
    }, auth);

    await userEvent.type(await screen.findByLabelText('Email address'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with email' }));
    // Shown in the button that was used (no line of the card is reserved for it).
    const signingIn = await screen.findByText('Signing you in...');
    expect(signingIn.closest('button')).toBeDisabled();
    expect(auth.login).not.toHaveBeenCalled();
    releaseCheck();
    await waitFor(() => expect(auth.login).toHaveBeenCalledWith(TEST_USER));
  });

  it('goes on to /landing when the subscription is not active', async () => {
    const auth = fakeAuth({ isAuthenticated: false, user: null });
    renderCard(({ url }) => {
      if (url === '/auth/dev-sign-in/') return { body: { status: 'success', user: TEST_USER, message: 'ok' } };
      if (url === '/api/check-subscription/') return { body: { active: false } };
      return undefined;
    }, auth);
    await userEvent.type(await screen.findByLabelText('Email address'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with email' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/landing');
    expect(auth.login).toHaveBeenCalledWith(TEST_USER);
  });

  it('shows the server message when sign-in is refused, and lets the user try again', async () => {
    renderCard(({ url }) =>
      url === '/auth/dev-sign-in/' ? { status: 400, body: { email: ['Enter a valid e-mail address.'] } } : undefined,
    );
    await userEvent.type(await screen.findByLabelText('Email address'), 'nope@x');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with email' }));
    // The field's message alone: the raw validation key ("email:") means nothing to the person signing in.
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Enter a valid e-mail address\.$/);
    expect(screen.queryByText('Signing you in...')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with email' })).toBeEnabled();
  });

  it('sends an already signed-in visitor on after the same check', async () => {
    renderCard(({ url }) => (url === '/api/check-subscription/' ? { body: { active: true } } : undefined), fakeAuth());
    expect(await screen.findByTestId('where')).toHaveTextContent('/projects');
  });
});
