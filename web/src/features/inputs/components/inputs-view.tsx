import { useState } from 'react';
import type { Input } from '@promptgrid/contract';
import { CollectionScreen } from '@/components/ui/collection-screen';
import { DeleteConfirmDialog } from '@/components/ui/delete-confirm-dialog';
import type { ViewMode } from '@/components/ui/view-toggle';
import { useInputs } from '../api/get-inputs';
import { useSaveInput, useSetInputActive } from '../api/save-input';
import { useDeleteInput } from '../api/delete-input';
import { useDuplicateInput } from '../api/duplicate-input';
import { InputCard } from './input-card';
import { InputEditorDialog } from './input-editor-dialog';

/** The User Prompts screen: a project's inputs, each sent as the user message of a run. */
export function InputsView({ projectId }: { projectId: string }) {
  const inputs = useInputs(projectId);
  const save = useSaveInput(projectId);
  const setActive = useSetInputActive(projectId);
  const remove = useDeleteInput(projectId);
  const duplicate = useDuplicateInput(projectId);
  const [view, setView] = useState<ViewMode>('grid');
  const [editing, setEditing] = useState<{ input: Input | null } | null>(null);
  const [deleting, setDeleting] = useState<Input | null>(null);
  const [statusError, setStatusError] = useState<string | null>(null);

  const list = inputs.data ?? [];
  const openNew = () => setEditing({ input: null });

  return (
    <CollectionScreen
      titleId="inputs-title"
      title="User Prompts"
      description="User prompts are repeatable test inputs: every system prompt you run is called on each active one, so you compare like with like. Archive an input to keep it out of new runs without deleting it."
      addLabel="Add User Prompt"
      onAdd={openNew}
      view={view}
      onViewChange={setView}
      errors={[statusError, inputs.isError ? 'Failed to load inputs' : null]}
      isPending={inputs.isPending}
      loadingLabel="Loading inputs"
      isEmpty={inputs.isSuccess && list.length === 0}
      emptyTitle="No inputs"
      emptyMessage="Create your first input to begin"
      listLabel="User prompts"
      gridClassName="sm:grid-cols-2 xl:grid-cols-3"
      items={list}
      itemKey={(input) => input.id}
      isActive={(input) => input.active}
      renderItem={(input) => (
        <InputCard
          input={input}
          duplicating={duplicate.isPending && duplicate.variables === input.id}
          onEdit={() => setEditing({ input })}
          onDuplicate={() => {
            setStatusError(null);
            duplicate.mutate(input.id, {
              onSuccess: (copy) => setEditing({ input: copy }),
              onError: () => setStatusError('Failed to duplicate input'),
            });
          }}
          onDelete={() => setDeleting(input)}
          onToggleActive={() => {
            setStatusError(null);
            setActive.mutate(
              { ...input, active: !input.active },
              { onError: () => setStatusError('Failed to update input status') },
            );
          }}
        />
      )}
    >
      <InputEditorDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        projectId={projectId}
        input={editing?.input ?? null}
        onSave={(data) => save.mutateAsync({ existing: editing?.input ?? null, data })}
      />
      <DeleteConfirmDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title="Delete input"
        message="Are you sure you want to delete this input?"
        failedMessage="Failed to delete input"
        onDelete={(item) => remove.mutateAsync(item.id)}
      />
    </CollectionScreen>
  );
}
