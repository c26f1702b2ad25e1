import { useState } from 'react';
import type { Configuration } from '@promptgrid/contract';
import { Button } from '@/components/ui/button';
import { CollectionScreen } from '@/components/ui/collection-screen';
import { DeleteConfirmDialog } from '@/components/ui/delete-confirm-dialog';
import type { ViewMode } from '@/components/ui/view-toggle';
import { useConfigurations } from '../api/get-configurations';
import { useSaveConfiguration } from '../api/save-configuration';
import { useSetConfigurationActive } from '../api/set-configuration-active';
import { useDeleteConfiguration } from '../api/delete-configuration';
import { useDuplicateConfiguration } from '../api/duplicate-configuration';
import { AddSeveralDialog } from './add-several-dialog';
import { ChangeModelDialog } from './change-model-dialog';
import { ConfigurationCard } from './configuration-card';
import { ConfigurationEditorDialog } from './configuration-editor-dialog';

/** The System Prompts screen: a project's prompt configurations, each a system prompt on one model. */
export function ConfigurationsView({ projectId }: { projectId: string }) {
  const configurations = useConfigurations(projectId);
  const save = useSaveConfiguration(projectId);
  const setActive = useSetConfigurationActive(projectId);
  const remove = useDeleteConfiguration(projectId);
  const duplicate = useDuplicateConfiguration(projectId);
  const [view, setView] = useState<ViewMode>('grid');
  const [editing, setEditing] = useState<{ configuration: Configuration | null } | null>(null);
  const [deleting, setDeleting] = useState<Configuration | null>(null);
  const [addingSeveral, setAddingSeveral] = useState(false);
  const [changingModel, setChangingModel] = useState(false);
  const [statusError, setStatusError] = useState<string | null>(null);

  const list = configurations.data ?? [];
  const openNew = () => setEditing({ configuration: null });
  const savingId = setActive.isPending ? setActive.variables?.id : undefined;

  return (
    <CollectionScreen
      titleId="configs-title"
      title="System Prompts and Models"
      description={
        'Each system prompt is paired with a model and its parameters. Keep several variants active ' +
        'to compare them on the same user prompts.'
      }
      addLabel="Add System Prompt"
      onAdd={openNew}
      actions={
        <>
          <Button variant="secondary" onClick={() => setAddingSeveral(true)}>
            Add several
          </Button>
          {list.length > 1 ? (
            <Button variant="secondary" onClick={() => setChangingModel(true)} aria-haspopup="dialog">
              Change model
            </Button>
          ) : null}
        </>
      }
      view={view}
      onViewChange={setView}
      errors={[statusError, configurations.isError ? 'Failed to load configurations' : null]}
      isPending={configurations.isPending}
      loadingLabel="Loading system prompts"
      isEmpty={configurations.isSuccess && list.length === 0}
      emptyTitle="No prompts yet"
      emptyMessage="Get started by creating your first prompt."
      listLabel="System prompts"
      gridClassName="lg:grid-cols-2"
      items={list}
      itemKey={(configuration) => configuration.id}
      isActive={(configuration) => configuration.is_active}
      renderItem={(configuration) => (
        <ConfigurationCard
          configuration={configuration}
          saving={savingId === configuration.id}
          duplicating={duplicate.isPending && duplicate.variables === configuration.id}
          onEdit={() => setEditing({ configuration })}
          onDuplicate={() => {
            setStatusError(null);
            // The copy opens in the editor: the usual next step is to change one thing in it.
            duplicate.mutate(configuration.id, {
              onSuccess: (copy) => setEditing({ configuration: copy }),
              onError: (error) => setStatusError(error.message || 'Failed to duplicate prompt'),
            });
          }}
          onDelete={() => setDeleting(configuration)}
          onToggleActive={() => {
            setStatusError(null);
            setActive.mutate(
              { id: configuration.id, isActive: !configuration.is_active },
              { onError: (error) => setStatusError(error.message || 'Failed to save prompt') },
            );
          }}
        />
      )}
    >
      <ConfigurationEditorDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        configuration={editing?.configuration ?? null}
        projectId={projectId}
        onSave={(data) => save.mutateAsync({ id: editing?.configuration?.id ?? null, data })}
      />
      {addingSeveral ? <AddSeveralDialog projectId={projectId} open onOpenChange={setAddingSeveral} /> : null}
      {changingModel ? (
        <ChangeModelDialog projectId={projectId} configurations={list} open onOpenChange={setChangingModel} />
      ) : null}
      <DeleteConfirmDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title="Delete prompt"
        message="Are you sure you want to delete this prompt?"
        failedMessage="Failed to delete prompt"
        onDelete={(item) => remove.mutateAsync(item.id)}
      />
    </CollectionScreen>
  );
}
