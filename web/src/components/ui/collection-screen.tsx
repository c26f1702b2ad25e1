import { useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { ActiveFilterSelect, passesFilter, type ActiveFilter } from './active-filter';
import { Banner } from './banner';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { PlusIcon } from './icons';
import { Spinner } from './spinner';
import { ViewToggle, type ViewMode } from './view-toggle';

type CollectionScreenProps<T> = {
  titleId: string;
  title: string;
  description: ReactNode;
  addLabel: string;
  onAdd: () => void;
  view: ViewMode;
  onViewChange: (view: ViewMode) => void;
  /** Red banners above the list; empty entries are skipped. */
  errors: (string | null | undefined)[];
  isPending: boolean;
  loadingLabel: string;
  isEmpty: boolean;
  emptyTitle: string;
  emptyMessage: string;
  listLabel: string;
  /** Grid columns when the grid view is on. */
  gridClassName: string;
  items: T[];
  itemKey: (item: T) => number | string;
  /** Whether an item is active (not archived), for the Active / Archived / All filter. */
  isActive: (item: T) => boolean;
  renderItem: (item: T) => ReactNode;
  /** More header buttons, before the add button (e.g. import and export). */
  actions?: ReactNode;
  /** Above the list once it has items (e.g. a bar acting on the selected items). */
  toolbar?: ReactNode;
  /** Dialogs of the screen. */
  children?: ReactNode;
};

/** A project screen that lists cards (user prompts, system prompts): header, list/grid toggle, loading, error and empty states. */
export function CollectionScreen<T>(props: CollectionScreenProps<T>) {
  const [filter, setFilter] = useState<ActiveFilter>('all');
  const shown = props.items.filter((item) => passesFilter(filter, props.isActive(item)));
  const addButton = (
    <Button onClick={props.onAdd}>
      <PlusIcon />
      {props.addLabel}
    </Button>
  );
  return (
    <section aria-labelledby={props.titleId} className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-2xl">
          <h2 id={props.titleId} className="text-xl font-semibold">
            {props.title}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{props.description}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <ActiveFilterSelect value={filter} onChange={setFilter} />
          <ViewToggle value={props.view} onChange={props.onViewChange} />
          {props.actions}
          {addButton}
        </div>
      </div>

      {props.errors.map((error) =>
        error ? (
          <Banner key={error} tone="error">
            {error}
          </Banner>
        ) : null,
      )}
      {props.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label={props.loadingLabel} />
        </div>
      ) : props.isEmpty ? (
        <EmptyState title={props.emptyTitle} message={props.emptyMessage} action={addButton} />
      ) : shown.length === 0 ? (
        <p
          className={cn(
            'rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600',
            'dark:border-slate-700 dark:text-slate-400',
          )}
        >
          {`Nothing ${filter === 'active' ? 'active' : 'archived'} here. Choose All under Show to see every one.`}
        </p>
      ) : (
        <>
          {props.toolbar}
          <ul
            className={cn('grid gap-4', props.view === 'grid' ? props.gridClassName : 'grid-cols-1')}
            aria-label={props.listLabel}
          >
            {shown.map((item) => (
              // min-w-0: a long unbroken word in a card wraps inside it instead of widening the column past the screen.
              <li key={props.itemKey(item)} className="flex min-w-0">
                {props.renderItem(item)}
              </li>
            ))}
          </ul>
        </>
      )}
      {props.children}
    </section>
  );
}
