import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { User } from '@promptgrid/contract';
import { AuthContextForTests, type AuthState } from '@/lib/auth';

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
