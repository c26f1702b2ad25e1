import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { TEST_USER } from '@/testing/app-test-utils';
import { callsOf, mockApi, type ApiCall } from '@/testing/api-mock';
import { publicConfigFixture, subscriptionStatusFixture } from '@/testing/fixtures';
import { AppProvider } from './provider';
import { routes } from './router';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

const pathOf = (router: ReturnType<typeof renderAt>) => router.state.location.pathname;

let calls: ApiCall[] = [];
beforeEach(() => {
  localStorage.clear();
  calls = mockApi(({ url }) => {
    if (url === '/auth/me/') return { body: TEST_USER };
    if (url === '/api/config/') return { body: publicConfigFixture() };
    if (url === '/api/projects/') return { body: [] };
    if (url === '/api/subscription/status/') return { body: subscriptionStatusFixture() };
    if (url === '/auth/sign_out/') return { body: { status: 'success' } };
    return undefined;
  });
});

describe('routing rules, signed out', () => {
  it.each(['/', '/no/such/page', '/project'])('%s goes to /landing', async (path) => {
    const router = renderAt(path);
    await waitFor(() => expect(pathOf(router)).toBe('/landing'), { timeout: 10_000 });
    expect(await screen.findByRole('heading', { level: 1, name: /Compare system prompts/ })).toBeInTheDocument();
  });

  it.each(['/projects', '/project/7/inputs', '/project/7/configs', '/project/7/run', '/project/7/results'])(
    '%s goes to /signin',
    async (path) => {
      const router = renderAt(path);
      // The protected routes load lazily: the first import of a route's chunk can take seconds on a busy machine.
      await waitFor(() => expect(pathOf(router)).toBe('/signin'), { timeout: 10_000 });
      expect(await screen.findByRole('heading', { name: 'Welcome to Promptgrid' })).toBeInTheDocument();
    },
  );

  it('/account goes to /landing', async () => {
    const router = renderAt('/account');
    await waitFor(() => expect(pathOf(router)).toBe('/landing'), { timeout: 10_000 });
  });
});

describe('routing rules, signed in', () => {
  beforeEach(() => localStorage.setItem('user', JSON.stringify(TEST_USER)));

  it('/projects shows the project list', async () => {
    const router = renderAt('/projects');
    expect(await screen.findByRole('heading', { name: 'Projects' })).toBeInTheDocument();
    expect(pathOf(router)).toBe('/projects');
    expect(await screen.findByText('No projects yet')).toBeInTheDocument();
  });

  it('/account shows Account Settings', async () => {
    renderAt('/account');
    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
    expect(await screen.findByText('Evaluations left: 50')).toBeInTheDocument();
  });

  it('/ still goes to /landing', async () => {
    const router = renderAt('/');
    await waitFor(() => expect(pathOf(router)).toBe('/landing'), { timeout: 10_000 });
  });

  it('Logout from a protected page ends on /landing, not /signin', async () => {
    const router = renderAt('/projects');
    await userEvent.click(await screen.findByRole('button', { name: 'User menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(pathOf(router)).toBe('/landing'), { timeout: 10_000 });
    expect(localStorage.getItem('user')).toBeNull();
    expect(await screen.findByRole('button', { name: 'User menu' })).not.toHaveTextContent('A');
  });

  it('signed out, a project URL fetches nothing for the top bar', async () => {
    localStorage.clear();
    const router = renderAt('/project/7/inputs');
    await waitFor(() => expect(pathOf(router)).toBe('/signin'));
    expect(callsOf(calls)).not.toContain('GET /api/projects/7/');
  });
});
