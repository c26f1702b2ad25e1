import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { User } from '@promptgrid/contract';
import { AuthContextForTests, type AuthState } from '@/lib/auth';

export type Answer = { status?: number; body?: unknown; contentType?: string };
export type ApiHandler = (request: { method: string; url: string; init?: RequestInit }) => Answer | undefined;

/** Stubs fetch with a CSRF cookie set; `handler` answers by method and url (JSON; 204 without a body; 404 when unhandled). */
export function mockApi(handler: ApiHandler) {
  document.cookie = 'csrftoken=test-token; path=/';
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const answer = handler({ method: (init?.method ?? 'GET').toUpperCase(), url, init }) ?? {
      status: 404,
      body: { detail: 'Not found.' },
    };
    const status = answer.status ?? 200;
    if (status === 204 || answer.body === undefined) return new Response(null, { status });
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return new Response(text, { status, headers: { 'content-type': answer.contentType ?? 'application/json' } });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The calls made so far, as 'METHOD url'. */
export const callsOf = (mock: ReturnType<typeof mockApi>) =>
  mock.mock.calls.map(
    ([input, init]) => `${((init as RequestInit | undefined)?.method ?? 'GET').toUpperCase()} ${String(input)}`,
  );

export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

export const TEST_USER: User = { id: 1, email: 'ada@example.com' };

export function fakeAuth(overrides: Partial<AuthState> = {}): AuthState {
  return {
    isAuthenticated: true,
    user: TEST_USER,
    isLoading: false,
    login: vi.fn(),
    logout: vi.fn(async () => {}),
    ...overrides,
  };
}

/** Renders `ui` with a fresh QueryClient, a memory router at `route`, and a fixed auth state. */
export function renderWithApp(
  ui: ReactElement,
  { route = '/', auth = fakeAuth() }: { route?: string; auth?: AuthState } = {},
) {
  const queryClient = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AuthContextForTests.Provider value={auth}>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </AuthContextForTests.Provider>
    </QueryClientProvider>
  );
  return { queryClient, auth, ...render(ui, { wrapper }) };
}
