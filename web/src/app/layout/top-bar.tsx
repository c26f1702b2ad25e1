import { useState } from 'react';
import { Link, NavLink, useLocation, useMatch } from 'react-router';
import { cn } from '@/lib/cn';
import { useAuth } from '@/lib/auth';
import { Logo } from '@/components/ui/logo';
import { MenuIcon, XIcon } from '@/components/ui/icons';
import { NAV_LINKS } from './nav-links';
import { ProjectCrumb } from './project-crumb';
import { PAGE_WIDTH } from '@/components/ui/page-width';
import { UserMenu } from './user-menu';
import { paths } from '@/lib/paths';

const linkClasses = (active: boolean) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    active
      ? 'text-slate-900 dark:text-white'
      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white',
  );

/** The top navigation bar: the logo or the open project, the centre links, and the user menu. */
export function TopBar() {
  const { isAuthenticated } = useAuth();
  const projectMatch = useMatch(`${paths.project.pattern}/*`);
  // Signed out, a project URL is about to redirect to /signin: fetch nothing for it.
  const projectId = isAuthenticated ? projectMatch?.params.projectId : undefined;
  const location = useLocation();
  const signedInScreen = /^\/(projects|project\/|account)/.test(location.pathname);
  // The phone menu stays open on the page it was opened on: any navigation closes it.
  const [mobileOpenOn, setMobileOpenOn] = useState<string | null>(null);
  const mobileOpen = mobileOpenOn === location.key;

  return (
    <header
      className={cn(
        'sticky top-0 z-30 border-b border-slate-200/80 backdrop-blur dark:border-slate-800/80',
        mobileOpen
          ? 'bg-white dark:bg-slate-950'
          : 'bg-white/85 supports-[backdrop-filter]:bg-white/70 dark:bg-slate-950/80',
      )}
    >
      <a
        href="#main"
        className={cn(
          'sr-only focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-50',
          'focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:shadow',
          'dark:focus:bg-slate-900',
        )}
      >
        Skip to content
      </a>
      {/* On signed-in screens the bar shares their content column; on the public pages, the landing page's. */}
      <div
        className={cn('flex h-16 items-center gap-4', signedInScreen ? PAGE_WIDTH : 'mx-auto max-w-6xl px-4 sm:px-6')}
      >
        {/* A project's name takes the room it needs (the centre links give way), and is cut only when there is none. */}
        <div className={cn('flex min-w-0 flex-1 items-center', projectId ? '' : 'md:flex-none lg:w-64')}>
          {projectId ? (
            <ProjectCrumb projectId={projectId} />
          ) : (
            <Link
              to={paths.landing.to()}
              className="rounded-md text-slate-900 dark:text-white"
              aria-label="Promptgrid home"
            >
              <Logo />
            </Link>
          )}
        </div>

        <nav
          aria-label="Main"
          className={cn('hidden items-center justify-center gap-1 md:flex', projectId ? 'flex-none' : 'flex-1')}
        >
          {NAV_LINKS.map((link) =>
            link.to === paths.projects.to() ? (
              <NavLink key={link.to} to={link.to} end className={({ isActive }) => linkClasses(isActive)}>
                {link.label}
              </NavLink>
            ) : (
              <Link key={link.to} to={link.to} className={linkClasses(false)}>
                {link.label}
              </Link>
            ),
          )}
        </nav>

        <div className={cn('flex items-center justify-end gap-2', projectId ? '' : 'lg:w-64')}>
          <UserMenu />
          <button
            type="button"
            className={cn(
              'inline-flex size-9 items-center justify-center rounded-md text-slate-600',
              'hover:bg-slate-100 md:hidden dark:text-slate-300 dark:hover:bg-slate-800',
            )}
            aria-label={mobileOpen ? 'Close navigation' : 'Open navigation'}
            aria-expanded={mobileOpen}
            aria-controls="mobile-nav"
            onClick={() => setMobileOpenOn(mobileOpen ? null : location.key)}
          >
            {mobileOpen ? <XIcon className="size-5" /> : <MenuIcon className="size-5" />}
          </button>
        </div>
      </div>

      {mobileOpen ? (
        <nav
          id="mobile-nav"
          aria-label="Main"
          className="border-t border-slate-200 px-4 pt-2 pb-4 md:hidden dark:border-slate-800"
        >
          <ul className="space-y-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className={cn(
                    'block rounded-md px-3 py-2.5 text-base font-medium text-slate-700 hover:bg-slate-100',
                    'dark:text-slate-200 dark:hover:bg-slate-800',
                  )}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
