import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { useEffect, type ReactNode } from 'react';
import { testQueryClient, TEST_USER } from '@/testing/app-test-utils';
import { mockApi } from '@/testing/api-mock';
import { AuthProvider, useAuth, type AuthState } from './auth';

// The latest auth state the probe rendered with, so a test can call login/logout on it.
const latest: { auth: AuthState | null } = { auth: null };
function Probe() {
  const auth = useAuth();
  const location = useLocation();
  useEffect(() => {
    latest.auth = auth;
  });
  return (
    <p data-testid="probe">
      {location.pathname} {auth.isLoading ? 'loading' : auth.isAuthenticated ? `in:${auth.user?.email}` : 'out'}
    </p>
  );
}

function renderAuth(route = '/signin') {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={[route]}>
        <AuthProvider>
          <Routes>
            <Route path="*" element={<Probe />} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const probe = () => screen.getByTestId('probe').textContent;

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
});

describe('auth state on start', () => {
  it('is signed out without a stored user, and asks the server nothing', async () => {
    const calls = mockApi(() => undefined);
    renderAuth();
    await waitFor(() => expect(probe()).toBe('/signin out'));
    expect(calls).toEqual([]);
  });

  it('is signed in from the stored user, then confirmed by GET /auth/me/', async () => {
    localStorage.setItem('user', JSON.stringify(TEST_USER));
    const fetch = mockApi(({ url }) => (url === '/auth/me/' ? { body: TEST_USER } : undefined));
    renderAuth();
    await waitFor(() => expect(probe()).toBe('/signin in:ada@example.com'));
    expect(fetch.map((call) => call.url)).toContain('/auth/me/');
  });

  it('signs out cleanly when the server says the session is gone (401)', async () => {
    localStorage.setItem('user', JSON.stringify(TEST_USER));
    mockApi(({ url }) => (url === '/auth/me/' ? { status: 401, body: { detail: 'Not signed in.' } } : undefined));
    renderAuth();
    await waitFor(() => expect(probe()).toBe('/signin out'));
    expect(localStorage.getItem('user')).toBeNull();
  });
});

describe('login', () => {
  it.each([null, undefined, {}])('refuses empty user data (%o) and logs an error', async (empty) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi(() => undefined);
    renderAuth();
    act(() => latest.auth!.login(empty as never));
    expect(error).toHaveBeenCalled();
    expect(probe()).toBe('/signin out');
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('stores the user, marks the state signed in and goes to /projects', async () => {
    mockApi(() => undefined);
    renderAuth();
    act(() => latest.auth!.login(TEST_USER));
    expect(probe()).toBe('/projects in:ada@example.com');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(TEST_USER);
  });
});

describe('browser storage between users', () => {
  const seed = () => {
    localStorage.setItem(`promptgrid:results:${TEST_USER.id}:queries`, '{"mine":true}');
    localStorage.setItem('promptgrid:results:999:queries', '{"someone else":true}');
    localStorage.setItem('promptgrid:anything', 'x');
    localStorage.setItem('unrelated', 'kept');
  };
  const appKeys = () =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('promptgrid:'))
      .sort();

  it('clears every promptgrid:* entry at logout', async () => {
    localStorage.setItem('user', JSON.stringify(TEST_USER));
    seed();
    mockApi(({ url }) => (url === '/auth/me/' ? { body: TEST_USER } : { body: { status: 'success' } }));
    renderAuth('/projects');
    await waitFor(() => expect(probe()).toBe('/projects in:ada@example.com'));
    await act(() => latest.auth!.logout());
    expect(appKeys()).toEqual([]);
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });

  it("keeps only the signing-in user's own entries when another user's are left", () => {
    seed();
    mockApi(() => undefined);
    renderAuth();
    act(() => latest.auth!.login(TEST_USER));
    expect(appKeys()).toEqual([`promptgrid:results:${TEST_USER.id}:queries`]);
  });

  it('clears them when the server says the session is gone', async () => {
    localStorage.setItem('user', JSON.stringify(TEST_USER));
    seed();
    mockApi(({ url }) => (url === '/auth/me/' ? { status: 401, body: { detail: 'Not signed in.' } } : undefined));
    renderAuth();
    await waitFor(() => expect(probe()).toBe('/signin out'));
    expect(appKeys()).toEqual([]);
  });
});

describe('logout', () => {
  it('clears the state and the stored user first, goes to /landing, then tells the server', async () => {
    localStorage.setItem('user', JSON.stringify(TEST_USER));
    const seenAtSignOut: string[] = [];
    mockApi(({ url }) => {
      if (url === '/auth/me/') return { body: TEST_USER };
      if (url === '/auth/sign_out/') {
        seenAtSignOut.push(`stored=${localStorage.getItem('user')}`);
        return { body: { status: 'success' } };
      }
      return undefined;
    });
    renderAuth('/projects');
    await waitFor(() => expect(probe()).toBe('/projects in:ada@example.com'));
    await act(() => latest.auth!.logout());
    // The stored user was gone before the server heard of the sign-out.
    expect(seenAtSignOut).toEqual(['stored=null']);
    expect(probe()).toBe('/landing out');
  });

  it("only logs a failed sign-out call as 'Error during logout'", async () => {
    localStorage.setItem('user', JSON.stringify(TEST_USER));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi(({ url }) => (url === '/auth/me/' ? { body: TEST_USER } : { status: 500, body: { detail: 'down' } }));
    renderAuth('/projects');
    await waitFor(() => expect(probe()).toBe('/projects in:ada@example.com'));
    await act(() => latest.auth!.logout());
    expect(probe()).toBe('/landing out');
    expect(error).toHaveBeenCalledWith('Error during logout', expect.anything());
  });
});

it('refuses to be used outside its provider', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;
  expect(() => renderHook(() => useAuth(), { wrapper })).toThrow(/AuthProvider/);
});
