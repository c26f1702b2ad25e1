import { useState } from 'react';
import { ROUTES, type BulkInputsInput, type Input } from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { CollectionScreen } from '@/components/ui/collection-screen';
import { ChevronDownIcon } from '@/components/ui/icons';
import { Menu, MenuItem } from '@/components/ui/menu';
import { DeleteConfirmDialog } from '@/components/ui/delete-confirm-dialog';
import type { ViewMode } from '@/components/ui/view-toggle';
import { useInputs } from '../api/get-inputs';
import { useSaveInput, useSetInputActive } from '../api/save-input';
import { useDeleteInput } from '../api/delete-input';
import { useDuplicateInput } from '../api/duplicate-input';
import { useBulkUpdateInputs } from '../api/bulk-inputs';
import { BulkBar } from './bulk-bar';
import { ImportDialog } from './import-dialog';
import { InputCard } from './input-card';
import { InputEditorDialog } from './input-editor-dialog';
import { cn } from '@/lib/cn';

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
  const bulk = useBulkUpdateInputs(projectId);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(new Set());
  const [importing, setImporting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const list = inputs.data ?? [];
  const openNew = () => setEditing({ input: null });
  // Only ids still listed count: a deleted prompt leaves the selection with it.
  const selected = list.filter((input) => selectedIds.has(input.id)).map((input) => input.id);
  const select = (id: number, on: boolean) =>
    setSelectedIds((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const runBulk = async (action: BulkInputsInput['action']) => {
    setStatusError(null);
    setNotice(null);
    try {
      const { count } = await bulk.mutateAsync({ ids: selected, action });
      if (action === 'delete') setSelectedIds(new Set());
      setNotice(`${count} user prompt${count === 1 ? '' : 's'} ${action === 'restore' ? 'restored' : `${action}d`}.`);
    } catch (error) {
      if (action !== 'delete') setStatusError('Failed to update input status');
      throw error;
    }
  };

  return (
    <CollectionScreen
      titleId="inputs-title"
      title="User Prompts"
      description={
        'User prompts are repeatable test inputs: every system prompt you run is called on each ' +
        'active one, so you compare like with like. Archive an input to keep it out of new runs ' +
        'without deleting it.'
      }
      addLabel="Add User Prompt"
      onAdd={openNew}
      view={view}
      onViewChange={setView}
      errors={[statusError, inputs.isError ? 'Failed to load inputs' : null]}
      actions={
        <>
          <Button variant="secondary" onClick={() => setImporting(true)}>
            Import
          </Button>
          <Menu
            label="Export user prompts"
            triggerClassName={cn(
              'inline-flex h-10 items-center gap-1 border border-slate-300 bg-white px-4 text-sm',
              'font-medium dark:border-slate-700 dark:bg-slate-900',
            )}
            trigger={
              <>
                Export
                <ChevronDownIcon className="size-4" />
              </>
            }
          >
            <MenuItem onSelect={() => window.location.assign(ROUTES.inputsExport(projectId, 'csv'))}>CSV</MenuItem>
            <MenuItem onSelect={() => window.location.assign(ROUTES.inputsExport(projectId, 'jsonl'))}>JSONL</MenuItem>
          </Menu>
        </>
      }
      toolbar={
        <>
          {notice ? <Banner tone="success">{notice}</Banner> : null}
          <BulkBar
            total={list.length}
            selected={selected.length}
            onSelectAll={(all) => setSelectedIds(new Set(all ? list.map((input) => input.id) : []))}
            onAction={runBulk}
            busy={bulk.isPending}
          />
        </>
      }
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
          selected={selectedIds.has(input.id)}
          onSelectedChange={(on) => select(input.id, on)}
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
      {importing ? (
        <ImportDialog
          projectId={projectId}
          open
          onOpenChange={setImporting}
          onImported={(created) => setNotice(`Imported ${created} user prompt${created === 1 ? '' : 's'}.`)}
        />
      ) : null}
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
