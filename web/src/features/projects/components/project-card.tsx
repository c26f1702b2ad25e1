import { Link } from 'react-router';
import { ROUTES, type Project } from '@promptgrid/contract';
import { Menu, MenuItem } from '@/components/ui/menu';
import { ArrowRightIcon, ClockIcon, DotsIcon, DownloadIcon, PencilIcon, TrashIcon } from '@/components/ui/icons';
import { relativeAge } from '../lib/relative-age';
import { systemPromptCount, userPromptCount } from '../lib/count-label';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/cn';

type ProjectCardProps = {
  project: Project;
  onEdit: (project: Project) => void;
  onDelete: (project: Project) => void;
  now?: Date;
};

/** Downloads the project as a promptfooconfig.yaml (the server names the file). */
function downloadPromptfooConfig(projectId: number) {
  const link = document.createElement('a');
  link.href = ROUTES.exportPromptfoo(projectId);
  link.download = 'promptfooconfig.yaml';
  link.click();
}

/**
 * One project in the grid; clicking anywhere on it opens its user prompts. The project's name is a link whose hit
 * area covers the whole card, so the card opens like a link (new tab, keyboard) while its menu and its
 * 'View Project' link sit above that area and keep their own clicks.
 */
export function ProjectCard({ project, onEdit, onDelete, now }: ProjectCardProps) {
  const headingId = `project-${project.id}-name`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'group relative flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-xs',
        'transition hover:border-slate-300 hover:shadow-md dark:border-slate-800 dark:bg-slate-900',
        'dark:hover:border-slate-700',
      )}
    >
      <div className="flex items-center justify-between gap-3">
        <span className="inline-flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
          <ClockIcon className="size-3.5" />
          <time dateTime={project.updated_at} title={new Date(project.updated_at).toLocaleString()}>
            {relativeAge(project.updated_at, now)}
          </time>
        </span>
        <Menu
          label="Project actions"
          triggerClassName={cn(
            'relative z-10 -mr-2 inline-flex size-8 items-center justify-center text-slate-500',
            'hover:bg-slate-100 hover:text-slate-900 data-[state=open]:bg-slate-100 dark:text-slate-400',
            'dark:hover:bg-slate-800 dark:hover:text-slate-100 dark:data-[state=open]:bg-slate-800',
          )}
          trigger={<DotsIcon className="size-4" />}
        >
          <MenuItem onSelect={() => onEdit(project)}>
            <PencilIcon className="size-4 text-slate-500" />
            Edit Project
          </MenuItem>
          <MenuItem onSelect={() => downloadPromptfooConfig(project.id)}>
            <DownloadIcon className="size-4 text-slate-500" />
            Export as promptfoo config
          </MenuItem>
          <MenuItem destructive onSelect={() => onDelete(project)}>
            <TrashIcon className="size-4" />
            Delete Project
          </MenuItem>
        </Menu>
      </div>

      <h2
        id={headingId}
        className="mt-2 truncate text-base font-semibold tracking-tight text-slate-900 dark:text-slate-50"
      >
        <Link to={paths.project.to(project.id)} className="rounded after:absolute after:inset-0 after:rounded-xl">
          {project.name}
        </Link>
      </h2>
      <p className="mt-1 line-clamp-2 min-h-10 text-sm leading-5 text-slate-600 dark:text-slate-400">
        {project.description}
      </p>

      <dl className="mt-4 flex flex-wrap gap-2 text-xs">
        <div className="rounded-md bg-slate-100 px-2 py-1 text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          <dt className="sr-only">System prompts</dt>
          <dd>{systemPromptCount(project.config_count)}</dd>
        </div>
        <div className="rounded-md bg-slate-100 px-2 py-1 text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          <dt className="sr-only">User prompts</dt>
          <dd>{userPromptCount(project.input_count)}</dd>
        </div>
      </dl>

      <div className="mt-5 border-t border-slate-100 pt-4 dark:border-slate-800">
        <Link
          to={paths.project.to(project.id)}
          className={cn(
            'relative z-10 inline-flex items-center gap-1.5 rounded text-sm font-medium text-blue-700',
            'hover:text-blue-800 dark:text-blue-400 dark:hover:text-blue-300',
          )}
        >
          View Project
          <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
        </Link>
      </div>
    </article>
  );
}

export function ProjectCardSkeleton() {
  return (
    <div
      aria-hidden
      className="h-[212px] animate-pulse rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="h-3 w-16 rounded bg-slate-200 dark:bg-slate-800" />
      <div className="mt-5 h-4 w-2/3 rounded bg-slate-200 dark:bg-slate-800" />
      <div className="mt-3 h-3 w-full rounded bg-slate-100 dark:bg-slate-800/70" />
      <div className="mt-2 h-3 w-5/6 rounded bg-slate-100 dark:bg-slate-800/70" />
      <div className="mt-5 flex gap-2">
        <div className="h-6 w-28 rounded bg-slate-100 dark:bg-slate-800/70" />
        <div className="h-6 w-24 rounded bg-slate-100 dark:bg-slate-800/70" />
      </div>
    </div>
  );
}
