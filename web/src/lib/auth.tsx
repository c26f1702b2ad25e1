import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ROUTES, STORAGE_KEYS, type User } from '@promptgrid/contract';
import { api, ApiError } from './api-client';
import { paths } from '@/lib/paths';

export type AuthState = {
  isAuthenticated: boolean;
  user: User | null;
  isLoading: boolean;
  login: (user: User | null | undefined) => void;
  logout: () => Promise<void>;
};

const AuthContext = createContext<AuthState | null>(null);

export function readStoredUser(): User | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.user);
    const parsed = raw ? (JSON.parse(raw) as Partial<User> | null) : null;
    return parsed && typeof parsed.email === 'string' ? (parsed as User) : null;
  } catch {
    return null;
  }
}

/**
 * Removes what the app keeps in browser storage (`promptgrid:*`), except under `keepPrefix`: the next person on this
 * browser must not see the previous user's outputs.
 */
export function clearAppStorage(keepPrefix: string | null = null) {
  const keys = Array.from({ length: localStorage.length }, (_, n) => localStorage.key(n) ?? '');
  for (const key of keys)
    if (key.startsWith(STORAGE_KEYS.appPrefix) && !(keepPrefix && key.startsWith(keepPrefix)))
      localStorage.removeItem(key);
}

/**
 * The signed-in user: read from browser storage at start, then checked against the server's session. Reading the
 * storage is synchronous, so loading has ended by the first render; `isLoading` stays in the state for the screens
 * that wait on it.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [user, setUser] = useState<User | null>(readStoredUser);
  const isLoading = false;

  const clear = useCallback(() => {
    localStorage.removeItem(STORAGE_KEYS.user);
    clearAppStorage();
    setUser(null);
    queryClient.clear();
  }, [queryClient]);

  useEffect(() => {
    const stored = readStoredUser();
    if (!stored) return;
    // A session that died on the server (expired, signed out elsewhere) signs out here too.
    api.get<User>(ROUTES.auth.me).then(
      (current) => {
        if (current.email !== stored.email) {
          localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(current));
          setUser(current);
        }
      },
      (error) => {
        if (error instanceof ApiError && error.status === 401) clear();
      },
    );
  }, [clear]);

  const login = useCallback(
    (next: User | null | undefined) => {
      if (!next || Object.keys(next).length === 0) {
        console.error('Login refused: empty user data');
        return;
      }
      // Another user's cached results (a sign-out that never reached this page) go; this user's stay.
      clearAppStorage(STORAGE_KEYS.resultsCache(next.id));
      localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(next));
      setUser(next);
      void navigate(paths.projects.to());
    },
    [navigate],
  );

  const logout = useCallback(async () => {
    // The stored user goes first. The page moves to /landing (committed at once, not as a transition) before
    // the state clears: otherwise a protected page's guard renders first and redirects to /signin instead.
    localStorage.removeItem(STORAGE_KEYS.user);
    clearAppStorage();
    await navigate(paths.landing.to(), { flushSync: true });
    clear();
    try {
      await api.post(ROUTES.auth.signOut);
    } catch (error) {
      console.error('Error during logout', error);
    }
  }, [clear, navigate]);

  const value = useMemo(
    () => ({ isAuthenticated: user !== null, user, isLoading, login, logout }),
    [user, isLoading, login, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}

/** For tests and stories: a fixed auth state. */
export const AuthContextForTests = AuthContext;
