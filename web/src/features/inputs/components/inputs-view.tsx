import { useState } from 'react';
import type { Input } from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PlusIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { ViewToggle, type ViewMode } from '@/components/ui/view-toggle';
import { cn } from '@/lib/cn';
import { useInputs } from '../api/get-inputs';
import { useSaveInput, useSetInputActive } from '../api/save-input';
import { useDeleteInput } from '../api/delete-input';
import { InputCard } from './input-card';
import { InputEditorDialog } from './input-editor-dialog';

/** The User Prompts screen (spec section 2). */
export function InputsView({ projectId }: { projectId: string }) {
  const inputs = useInputs(projectId);
  const save = useSaveInput(projectId);
  const setActive = useSetInputActive(projectId);
  const remove = useDeleteInput(projectId);
  const [view, setView] = useState<ViewMode>('grid');
  const [editing, setEditing] = useState<{ input: Input | null } | null>(null);
  const [deleting, setDeleting] = useState<Input | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [statusError, setStatusError] = useState<string | null>(null);

  const list = inputs.data ?? [];
  const openNew = () => setEditing({ input: null });

  return (
    <section aria-labelledby="inputs-title" className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-2xl">
          <h2 id="inputs-title" className="text-xl font-semibold">
            User Prompts
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            User prompts are repeatable test inputs: every system prompt you run is called on each active one, so you compare like with like. Archive an input
            to keep it out of new runs without deleting it.
          </p>
        </div>
        <div className="flex items-center gap-3">
          <ViewToggle value={view} onChange={setView} />
          <Button onClick={openNew}>
            <PlusIcon />
            Add User Prompt
          </Button>
        </div>
      </div>

      {statusError ? <Banner tone="error">{statusError}</Banner> : null}
      {inputs.isError ? <Banner tone="error">Failed to load inputs</Banner> : null}
      {inputs.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading inputs" />
        </div>
      ) : inputs.isSuccess && list.length === 0 ? (
        <EmptyState
          title="No inputs"
          message="Create your first input to begin"
          action={
            <Button onClick={openNew}>
              <PlusIcon />
              Add User Prompt
            </Button>
          }
        />
      ) : (
        <ul className={cn('grid gap-4', view === 'grid' ? 'sm:grid-cols-2 xl:grid-cols-3' : 'grid-cols-1')} aria-label="User prompts">
          {list.map((input) => (
            <li key={input.id} className="flex">
              <InputCard
                input={input}
                onEdit={() => setEditing({ input })}
                onDelete={() => {
                  setDeleteError(null);
                  setDeleting(input);
                }}
                onToggleActive={() => {
                  setStatusError(null);
                  setActive.mutate({ ...input, active: !input.active }, { onError: () => setStatusError('Failed to update input status') });
                }}
              />
            </li>
          ))}
        </ul>
      )}

      <InputEditorDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        input={editing?.input ?? null}
        onSave={(data) => save.mutateAsync({ existing: editing?.input ?? null, data })}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete input"
        message="Are you sure you want to delete this input?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        error={deleteError}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: () => setDeleteError('Failed to delete input'),
          })
        }
      />
    </section>
  );
}
