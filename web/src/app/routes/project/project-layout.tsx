import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation, useParams } from 'react-router';
import { cn } from '@/lib/cn';
import { useProject } from './use-project';

const TABS = [
  { to: 'inputs', label: 'Set User Prompts' },
  { to: 'configs', label: 'Set System Prompts' },
  { to: 'run', label: 'Configure and Run Evaluation' },
  { to: 'results', label: 'Results' },
] as const;

/** The project screens: tabs over the current one (spec section 2, Project tabs). */
export default function ProjectLayout() {
  const { projectId = '' } = useParams();
  const project = useProject(projectId);
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the tabs scroll sideways: keep the current one in view.
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-4 pb-16 sm:px-6">
      <h1 className="sr-only">{project.data?.name ?? 'Project'}</h1>
      <nav ref={nav} aria-label="Project sections" className="-mx-4 mb-6 overflow-x-auto border-b border-slate-200 px-4 sm:mx-0 sm:px-0 dark:border-slate-800">
        <ul className="flex min-w-max gap-1">
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={`/project/${projectId}/${tab.to}`}
                // Clicking the current tab does nothing (no navigation, no reload).
                onClick={(event) => {
                  if (event.currentTarget.getAttribute('aria-current') === 'page') event.preventDefault();
                }}
                className={({ isActive }) =>
                  cn(
                    '-mb-px inline-flex h-11 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap transition-colors',
                    isActive
                      ? 'border-blue-600 text-blue-700 dark:border-blue-400 dark:text-blue-300'
                      : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100',
                  )
                }
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
