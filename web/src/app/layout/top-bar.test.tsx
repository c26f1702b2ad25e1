import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { fakeAuth, renderWithApp } from '@/testing/app-test-utils';
import { mockApi } from '@/testing/api-mock';
import { TopBar } from './top-bar';

const renderBar = (route: string, auth = fakeAuth()) =>
  renderWithApp(
    <Routes>
      <Route path="*" element={<TopBar />} />
    </Routes>,
    { route, auth },
  );

describe('TopBar', () => {
  it('shows the logo linking to /landing and the centre links', () => {
    mockApi(() => undefined);
    renderBar('/projects');
    expect(screen.getByRole('link', { name: 'Promptgrid home' })).toHaveAttribute('href', '/landing');
    const expected = {
      'Projects Home': '/projects',
      About: '/landing#about',
      'How it Works': '/landing#howitworks',
      FAQ: '/landing#faq',
      Pricing: '/landing#pricing',
    };
    for (const [name, href] of Object.entries(expected))
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
  });

  it("on project pages shows a 'Projects' back link and the project's name", async () => {
    const fetch = mockApi(({ url }) =>
      url === '/api/projects/7/' ? { body: { id: 7, name: 'Legal summarizer' } } : undefined,
    );
    renderBar('/project/7/inputs');
    expect(screen.getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/projects');
    expect(await screen.findByText('Legal summarizer')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Promptgrid home' })).not.toBeInTheDocument();
    expect(fetch).toHaveLength(1);
  });

  it('signed in: the user menu shows the avatar letter, e-mail, Logged in and the five items', async () => {
    mockApi(() => undefined);
    const auth = fakeAuth();
    renderBar('/projects', auth);
    const button = screen.getByRole('button', { name: 'User menu' });
    expect(button).toHaveTextContent('A');
    await userEvent.click(button);
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('Logged in')).toBeInTheDocument();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Landing Page',
      'Projects Home',
      'API Settings',
      'Account',
      'Logout',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(auth.logout).toHaveBeenCalled();
  });

  it("signed out: the user menu offers About, FAQ, Pricing and 'Sign Up or Log In'", async () => {
    mockApi(() => undefined);
    renderBar('/landing', fakeAuth({ isAuthenticated: false, user: null }));
    await userEvent.click(screen.getByRole('button', { name: 'User menu' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'About',
      'FAQ',
      'Pricing',
      'Sign Up or Log In',
    ]);
  });

  it("signed out: a 'Sign in' button in the bar, except on /signin itself", () => {
    mockApi(() => undefined);
    const signedOut = fakeAuth({ isAuthenticated: false, user: null });
    const landing = renderBar('/landing', signedOut);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    landing.unmount();
    renderBar('/signin', signedOut);
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'User menu' })).toBeInTheDocument();
  });

  it('collapses the centre links behind a button on small screens', async () => {
    mockApi(() => undefined);
    renderBar('/landing');
    const toggle = screen.getByRole('button', { name: 'Open navigation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close navigation' })).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('mobile-nav')).toBeInTheDocument();
  });
});
