import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { Project } from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { PAGE_WIDTH } from '@/components/ui/page-width';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FolderIcon, PlusIcon } from '@/components/ui/icons';
import { useProjects } from '../api/get-projects';
import { ProjectCard, ProjectCardSkeleton } from './project-card';
import { ProjectFormDialog } from './project-form-dialog';
import { DeleteProjectDialog } from './delete-project-dialog';

type FormState = { open: false } | { open: true; project: Project | null };

/**
 * The project list: title, count line, two-column grid, side panel, and the create/edit/delete dialogs. `fromFile`
 * is the side panel's way to start a project from a data file.
 */
export function ProjectsView({ fromFile }: { fromFile?: ReactNode }) {
  const projects = useProjects();
  const navigate = useNavigate();
  const [form, setForm] = useState<FormState>({ open: false });
  const [deleting, setDeleting] = useState<Project | null>(null);
  const openCreate = () => setForm({ open: true, project: null });
  const count = projects.data?.length ?? 0;

  return (
    <div className={cn(PAGE_WIDTH, 'py-8 sm:py-10')}>
      {/* auto_1fr: the tall side panel spans both rows; its extra height goes to the list row, not under the title. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:grid-rows-[auto_1fr] lg:gap-x-8">
        <header className="order-1 lg:col-start-1 lg:row-start-1">
          <h1 id="projects-title" className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-slate-50">
            Projects
          </h1>
          {/* One line tall in every state, so nothing moves when the list loads, fails or is retried. */}
          <p className="mt-1 h-5 text-sm text-slate-600 dark:text-slate-400">
            {projects.isSuccess ? (
              `Currently you have: ${count} Project(s)`
            ) : projects.isError ? (
              <span className="text-slate-500 dark:text-slate-500">Project count unavailable</span>
            ) : (
              <span
                aria-hidden
                className="inline-block h-4 w-48 animate-pulse rounded bg-slate-200 align-middle dark:bg-slate-800"
              />
            )}
          </p>
        </header>

        <section aria-labelledby="projects-title" className="order-3 min-w-0 lg:col-start-1 lg:row-start-2">
          {projects.isError ? (
            <Banner tone="error" className="mb-6">
              <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
                <p className="font-medium">Failed to load projects</p>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => void projects.refetch()}
                  disabled={projects.isFetching}
                >
                  {projects.isFetching ? 'Trying again...' : 'Try again'}
                </Button>
              </div>
            </Banner>
          ) : null}

          <div>
            {projects.isPending ? (
              <div className="grid gap-4 sm:grid-cols-2" aria-busy>
                <ProjectCardSkeleton />
                <ProjectCardSkeleton />
              </div>
            ) : projects.isSuccess && count === 0 ? (
              <EmptyState
                title="No projects yet"
                message="Create your first project to get started"
                action={
                  <Button onClick={openCreate}>
                    <PlusIcon className="size-4" />
                    Create Project
                  </Button>
                }
              />
            ) : projects.isSuccess ? (
              <ul className="grid gap-4 sm:grid-cols-2" aria-label="Your projects">
                {projects.data.map((project) => (
                  <li key={project.id} className="min-w-0">
                    <ProjectCard
                      project={project}
                      onEdit={(p) => setForm({ open: true, project: p })}
                      onDelete={setDeleting}
                    />
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </section>

        <aside aria-label="Quick start" className="order-2 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div
            className={cn(
              'lg:sticky lg:top-24 lg:rounded-xl lg:border lg:border-slate-200 lg:bg-white lg:p-5',
              'lg:shadow-xs dark:lg:border-slate-800 dark:lg:bg-slate-900',
            )}
          >
            <div className="hidden items-center gap-3 lg:flex">
              <span
                className={cn(
                  'inline-flex size-9 items-center justify-center rounded-lg bg-blue-50 text-blue-700',
                  'dark:bg-blue-950 dark:text-blue-300',
                )}
              >
                <FolderIcon className="size-4.5" />
              </span>
              <div>
                <p className="text-sm font-semibold text-slate-900 dark:text-slate-50">Start a comparison</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">Prompts, models, results</p>
              </div>
            </div>
            <p className="mt-4 hidden text-sm leading-6 text-slate-600 lg:block dark:text-slate-400">
              A project holds your test inputs and the system prompts you want to compare, each paired with a model.
            </p>
            <Button className="w-full sm:w-auto lg:mt-4 lg:w-full" onClick={openCreate}>
              <PlusIcon className="size-4" />
              New Project
            </Button>
            {fromFile}
          </div>
        </aside>
      </div>

      <ProjectFormDialog
        open={form.open}
        project={form.open ? form.project : null}
        onOpenChange={(open) => !open && setForm({ open: false })}
        // A new project is empty: go straight into it to add its first user prompts.
        onCreated={(created) => void navigate(`/project/${created.id}/inputs`)}
      />
      <DeleteProjectDialog project={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </div>
  );
}
