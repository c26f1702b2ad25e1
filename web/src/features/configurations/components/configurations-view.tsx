import { useState } from 'react';
import type { Configuration } from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PlusIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { ViewToggle, type ViewMode } from '@/components/ui/view-toggle';
import { cn } from '@/lib/cn';
import { useConfigurations } from '../api/get-configurations';
import { useSaveConfiguration } from '../api/save-configuration';
import { useSetConfigurationActive } from '../api/set-configuration-active';
import { useDeleteConfiguration } from '../api/delete-configuration';
import { ConfigurationCard } from './configuration-card';
import { ConfigurationEditorDialog } from './configuration-editor-dialog';

/** The System Prompts screen (spec section 2). */
export function ConfigurationsView({ projectId }: { projectId: string }) {
  const configurations = useConfigurations(projectId);
  const save = useSaveConfiguration(projectId);
  const setActive = useSetConfigurationActive(projectId);
  const remove = useDeleteConfiguration(projectId);
  const [view, setView] = useState<ViewMode>('grid');
  const [editing, setEditing] = useState<{ configuration: Configuration | null } | null>(null);
  const [deleting, setDeleting] = useState<Configuration | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [statusError, setStatusError] = useState<string | null>(null);

  const list = configurations.data ?? [];
  const openNew = () => setEditing({ configuration: null });
  const savingId = setActive.isPending ? setActive.variables?.id : undefined;

  return (
    <section aria-labelledby="configs-title" className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-2xl">
          <h2 id="configs-title" className="text-xl font-semibold">
            System Prompts and Models
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Each system prompt is paired with a model and its parameters. Keep several variants active to compare them on the same user prompts.
          </p>
        </div>
        <div className="flex items-center gap-3">
          <ViewToggle value={view} onChange={setView} />
          <Button onClick={openNew}>
            <PlusIcon />
            Add System Prompt
          </Button>
        </div>
      </div>

      {statusError ? <Banner tone="error">{statusError}</Banner> : null}
      {configurations.isError ? <Banner tone="error">Failed to load configurations</Banner> : null}
      {configurations.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading system prompts" />
        </div>
      ) : configurations.isSuccess && list.length === 0 ? (
        <EmptyState
          title="No prompts yet"
          message="Get started by creating your first prompt."
          action={
            <Button onClick={openNew}>
              <PlusIcon />
              Add System Prompt
            </Button>
          }
        />
      ) : (
        <ul className={cn('grid gap-4', view === 'grid' ? 'lg:grid-cols-2' : 'grid-cols-1')} aria-label="System prompts">
          {list.map((configuration) => (
            <li key={configuration.id} className="flex">
              <ConfigurationCard
                configuration={configuration}
                saving={savingId === configuration.id}
                onEdit={() => setEditing({ configuration })}
                onDelete={() => {
                  setDeleteError(null);
                  setDeleting(configuration);
                }}
                onToggleActive={() => {
                  setStatusError(null);
                  setActive.mutate(
                    { id: configuration.id, isActive: !configuration.is_active },
                    { onError: (error) => setStatusError(error.message || 'Failed to save prompt') },
                  );
                }}
              />
            </li>
          ))}
        </ul>
      )}

      <ConfigurationEditorDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        configuration={editing?.configuration ?? null}
        projectId={projectId}
        onSave={(data) => save.mutateAsync({ id: editing?.configuration?.id ?? null, data })}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete prompt"
        message="Are you sure you want to delete this prompt?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        error={deleteError}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: () => setDeleteError('Failed to delete prompt'),
          })
        }
      />
    </section>
  );
}
