import { Outlet } from 'react-router';
import { AuthProvider, useAuth } from '@/lib/auth';
import { ResultsPersistence } from '@/lib/results-persistence';
import { TopBar } from './top-bar';

function Shell() {
  const { isLoading, user } = useAuth();
  // While the auth state is loading nothing is rendered, so no page flashes its signed-out form.
  if (isLoading) return null;
  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <TopBar />
      <main id="main">
        <ResultsPersistence userId={user?.id ?? null}>
          <Outlet />
        </ResultsPersistence>
      </main>
    </div>
  );
}

export function RootLayout() {
  return (
    <AuthProvider>
      <Shell />
    </AuthProvider>
  );
}
