import { useCallback, useEffect, useMemo, useState } from 'react';
import { INPUT_PAGE_SIZE, ROUTES, type BulkInputsInput, type Input, type InputSort } from '@promptgrid/contract';
import type { ActiveFilter } from '@/components/ui/active-filter';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { CardList, CardListItem, CollectionFrame, nothingInFilter } from '@/components/ui/collection-screen';
import { ChevronDownIcon } from '@/components/ui/icons';
import { Menu, MenuItem } from '@/components/ui/menu';
import { DeleteConfirmDialog } from '@/components/ui/delete-confirm-dialog';
import type { ViewMode } from '@/components/ui/view-toggle';
import { getInputIds, useInputPages, type InputFilter } from '../api/get-input-pages';
import { useSaveInput, useSetInputActive } from '../api/save-input';
import { useDeleteInput } from '../api/delete-input';
import { useDuplicateInput } from '../api/duplicate-input';
import { useBulkUpdateInputs } from '../api/bulk-inputs';
import { useInputSelection } from '../hooks/use-input-selection';
import { BulkBar } from './bulk-bar';
import { ImportDialog } from './import-dialog';
import { InputCard } from './input-card';
import { InputEditorDialog } from './input-editor-dialog';
import { InputsTable } from './inputs-table';
import { InputsToolbar } from './inputs-toolbar';
import { cn } from '@/lib/cn';

// Long enough that typing a word sends one request, short enough that the list follows the typing.
const SEARCH_DELAY_MS = 250;
const PAGE_SIZE = INPUT_PAGE_SIZE.default;

/**
 * The User Prompts screen: a project's inputs, each sent as the user message of a run. The server searches, orders
 * and pages them; the table fetches the pages on screen, the cards one page more at each "Show more".
 */
export function InputsView({ projectId }: { projectId: string }) {
  const save = useSaveInput(projectId);
  const setActive = useSetInputActive(projectId);
  const remove = useDeleteInput(projectId);
  const duplicate = useDuplicateInput(projectId);
  const bulk = useBulkUpdateInputs(projectId);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ActiveFilter>('all');
  const [sort, setSort] = useState<InputSort>('created');
  const filter = useMemo<InputFilter>(() => ({ search, status, sort }), [search, status, sort]);
  const [tablePages, setTablePages] = useState<number[]>([1]);
  const [cardPages, setCardPages] = useState(1);
  const [chosenView, setChosenView] = useState<ViewMode | null>(null);
  const [editing, setEditing] = useState<{ input: Input | null } | null>(null);
  const [deleting, setDeleting] = useState<Input | null>(null);
  const [statusError, setStatusError] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  // Without a choice, a project of more than one page opens on the table, a small one on the cards; decided once,
  // so a search that leaves few rows does not switch the view under the user.
  const view: ViewMode = chosenView ?? 'grid';
  const cardPageList = useMemo(() => Array.from({ length: cardPages }, (_, index) => index + 1), [cardPages]);
  const list = useInputPages(projectId, filter, view === 'list' ? tablePages : cardPageList);
  if (chosenView === null && !list.isPending) setChosenView(list.total > PAGE_SIZE ? 'list' : 'grid');
  const selection = useInputSelection(list.idsBetween);

  const startOver = () => {
    selection.set([]);
    setCardPages(1);
  };
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const onVisiblePages = useCallback(
    (pages: number[]) => setTablePages((current) => (current.join() === pages.join() ? current : pages)),
    [],
  );

  const openNew = () => setEditing({ input: null });
  const runBulk = async (action: BulkInputsInput['action']) => {
    setStatusError(null);
    setNotice(null);
    try {
      const { count } = await bulk.mutateAsync({ ids: [...selection.selected], action });
      // Rows that leave the list (deleted, or out of the Show filter) leave the selection too.
      if (action === 'delete' || status !== 'all') selection.set([]);
      setNotice(`${count} user prompt${count === 1 ? '' : 's'} ${action === 'restore' ? 'restored' : `${action}d`}.`);
    } catch (error) {
      if (action !== 'delete') setStatusError('Failed to update input status');
      throw error;
    }
  };
  const selectAll = async (all: boolean) => {
    setStatusError(null);
    if (!all) return selection.set([]);
    try {
      selection.set((await getInputIds(projectId, filter)).ids);
    } catch {
      setStatusError('Failed to select every input');
    }
  };
  const actionsFor = (input: Input) => ({
    duplicating: duplicate.isPending && duplicate.variables === input.id,
    onEdit: () => setEditing({ input }),
    onDuplicate: () => {
      setStatusError(null);
      duplicate.mutate(input.id, {
        onSuccess: (copy) => setEditing({ input: copy }),
        onError: () => setStatusError('Failed to duplicate input'),
      });
    },
    onDelete: () => setDeleting(input),
    onToggleActive: () => {
      setStatusError(null);
      setActive.mutate(
        { ...input, active: !input.active },
        { onError: () => setStatusError('Failed to update input status') },
      );
    },
  });

  const filtered = search.trim() !== '' || status !== 'all';
  const nothingShown =
    list.total > 0
      ? null
      : search.trim() !== ''
        ? `No user prompt matches "${search.trim()}".`
        : status !== 'all'
          ? nothingInFilter(status)
          : null;
  const loadedCards = Array.from({ length: Math.min(cardPages * PAGE_SIZE, list.total) }, (_, index) => index);

  return (
    <CollectionFrame
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
      onViewChange={setChosenView}
      filter={status}
      onFilterChange={(next) => {
        setStatus(next);
        startOver();
      }}
      errors={[statusError, list.isError ? 'Failed to load inputs' : null]}
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
          <InputsToolbar
            search={typed}
            onSearchChange={(next) => {
              setTyped(next);
              startOver();
            }}
            sort={sort}
            onSortChange={(next) => {
              setSort(next);
              setCardPages(1);
            }}
          />
          {list.total > 0 ? (
            <BulkBar
              total={list.total}
              selected={selection.selected.size}
              onSelectAll={(all) => void selectAll(all)}
              onAction={runBulk}
              busy={bulk.isPending}
            />
          ) : null}
        </>
      }
      isPending={list.isPending}
      loadingLabel="Loading inputs"
      isEmpty={!filtered && list.total === 0 && !list.isStale}
      emptyTitle="No inputs"
      emptyMessage="Create your first input to begin"
      nothingShown={nothingShown}
      list={
        view === 'list' ? (
          <InputsTable
            listKey={JSON.stringify(filter)}
            total={list.total}
            rowAt={list.rowAt}
            onVisiblePages={onVisiblePages}
            sort={sort}
            onSortChange={setSort}
            selected={selection.selected}
            onToggle={(index, id, on, range) => void selection.toggle(index, id, on, range)}
            actionsFor={actionsFor}
          />
        ) : (
          <div className="space-y-4">
            <CardList label="User prompts" className="sm:grid-cols-2 xl:grid-cols-3">
              {loadedCards.map((index) => {
                const input = list.rowAt(index);
                return input ? (
                  <CardListItem key={input.id}>
                    <InputCard
                      input={input}
                      {...actionsFor(input)}
                      selected={selection.selected.has(input.id)}
                      onSelectedChange={(on, range) => void selection.toggle(index, input.id, on, range)}
                    />
                  </CardListItem>
                ) : null;
              })}
            </CardList>
            {cardPages * PAGE_SIZE < list.total ? (
              <div className="flex justify-center">
                <Button variant="secondary" onClick={() => setCardPages((pages) => pages + 1)}>
                  {`Show more (${(cardPages * PAGE_SIZE).toLocaleString()} of ${list.total.toLocaleString()} shown)`}
                </Button>
              </div>
            ) : null}
          </div>
        )
      }
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
        onDelete={async (item) => {
          await remove.mutateAsync(item.id);
          selection.remove([item.id]);
        }}
      />
    </CollectionFrame>
  );
}
