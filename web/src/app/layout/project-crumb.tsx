import { Link } from 'react-router';
import { useProject } from '@/features/projects/api/get-project';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/cn';

/** On project pages: a 'Projects' back link and the project's name, fetched by id and cached. */
export function ProjectCrumb({ projectId }: { projectId: string }) {
  const project = useProject(projectId);
  return (
    <div className="flex min-w-0 items-center gap-2">
      <Link
        to={paths.projects.to()}
        className={cn(
          'inline-flex shrink-0 items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium',
          'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300',
          'dark:hover:bg-slate-800 dark:hover:text-white',
        )}
      >
        <ArrowLeftIcon className="size-4" />
        Projects
      </Link>
      <span aria-hidden className="text-slate-300 dark:text-slate-700">
        /
      </span>
      {project.isPending ? (
        <span aria-hidden className="h-4 w-32 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
      ) : (
        <span
          className="truncate text-sm font-semibold text-slate-900 dark:text-slate-50"
          title={project.data?.name}
          data-testid="project-name"
        >
          {project.data?.name ?? 'Project'}
        </span>
      )}
    </div>
  );
}
