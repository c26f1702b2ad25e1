import { Link, NavLink, Outlet, useParams } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { cn } from '@/lib/cn';
import { useProject } from '@/features/projects/api/get-project';
import { paths } from '@/lib/paths';
import { PAGE_WIDTH } from '@/components/ui/page-width';

const TABS = [
  { to: 'inputs', label: 'Set User Prompts' },
  { to: 'configs', label: 'Set System Prompts' },
  { to: 'run', label: 'Configure and Run Evaluation' },
  { to: 'results', label: 'Results' },
] as const;

/** The project screens: tabs over the current one. */
export default function ProjectLayout() {
  const { projectId = '' } = useParams();
  const project = useProject(projectId);

  // A missing project, or another user's (the server answers 404 for both): no tabs, nothing to act on.
  if (!/^\d+$/.test(projectId) || (project.error instanceof ApiError && project.error.status === 404)) {
    return (
      <div className={cn(PAGE_WIDTH, 'py-10')}>
        <EmptyState
          title="Project not found"
          message="It may have been deleted, or the link is wrong."
          action={
            <Link to="/projects" className={buttonClasses('primary')}>
              Back to Projects
            </Link>
          }
        />
      </div>
    );
  }

  return (
    <div className={cn(PAGE_WIDTH, 'pt-4 pb-16')}>
      <h1 className="sr-only">{project.data?.name ?? 'Project'}</h1>
      {/* A 2x2 grid on a phone (every tab in view, no sideways scrolling), one underlined row from sm up. */}
      <nav aria-label="Project sections" className="mb-6 sm:border-b sm:border-slate-200 sm:dark:border-slate-800">
        <ul className="grid grid-cols-2 gap-2 sm:flex sm:gap-1">
          {TABS.map((tab) => (
            <li key={tab.to} className="flex">
              <NavLink
                to={paths.project.to(projectId, tab.to)}
                // Clicking the current tab does nothing (no navigation, no reload).
                onClick={(event) => {
                  if (event.currentTarget.getAttribute('aria-current') === 'page') event.preventDefault();
                }}
                className={({ isActive }) =>
                  cn(
                    'flex min-h-11 w-full items-center justify-center rounded-md border px-2 py-1.5 text-center',
                    'text-sm leading-5 font-medium transition-colors',
                    'sm:-mb-px sm:w-auto sm:justify-start sm:rounded-none sm:border-0 sm:border-b-2 sm:px-3 sm:py-0 sm:whitespace-nowrap',
                    isActive
                      ? cn(
                          'border-blue-600 bg-blue-50 text-blue-700 sm:bg-transparent dark:border-blue-400',
                          'dark:bg-blue-950/60 dark:text-blue-300 sm:dark:bg-transparent',
                        )
                      : cn(
                          'border-slate-200 bg-white text-slate-600 hover:border-slate-300 hover:text-slate-900',
                          'sm:border-transparent sm:bg-transparent dark:border-slate-800 dark:bg-slate-900',
                          'dark:text-slate-400 dark:hover:text-slate-100 sm:dark:border-transparent',
                          'sm:dark:bg-transparent',
                        ),
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
