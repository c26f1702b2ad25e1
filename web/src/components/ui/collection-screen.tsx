import { useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { ActiveFilterSelect, passesFilter, type ActiveFilter } from './active-filter';
import { Banner } from './banner';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { PlusIcon } from './icons';
import { Spinner } from './spinner';
import { ViewToggle, type ViewMode } from './view-toggle';

type CollectionFrameProps = {
  titleId: string;
  title: string;
  description: ReactNode;
  addLabel: string;
  onAdd: () => void;
  view: ViewMode;
  onViewChange: (view: ViewMode) => void;
  /** Show: Active / Archived / All. */
  filter: ActiveFilter;
  onFilterChange: (filter: ActiveFilter) => void;
  /** Red banners above the list; empty entries are skipped. */
  errors: (string | null | undefined)[];
  isPending: boolean;
  loadingLabel: string;
  /** Nothing at all yet: the empty state with its add button. */
  isEmpty: boolean;
  emptyTitle: string;
  emptyMessage: string;
  /** Something exists, but the filter or search leaves nothing: this text instead of the list. */
  nothingShown: string | null;
  /** More header buttons, before the add button (e.g. import and export). */
  actions?: ReactNode;
  /** Above the list once there is something to list (e.g. a search, a bar acting on the selected items). */
  toolbar?: ReactNode;
  /** The list itself. */
  list: ReactNode;
  /** Dialogs of the screen. */
  children?: ReactNode;
};

/** The frame of a project screen that lists prompts: header, Show filter, list/grid toggle, loading, error and empty states. */
export function CollectionFrame(props: CollectionFrameProps) {
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
          <ActiveFilterSelect value={props.filter} onChange={props.onFilterChange} />
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
      ) : (
        <>
          {props.toolbar}
          {props.nothingShown === null ? (
            props.list
          ) : (
            <p
              className={cn(
                'rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600',
                'dark:border-slate-700 dark:text-slate-400',
              )}
            >
              {props.nothingShown}
            </p>
          )}
        </>
      )}
      {props.children}
    </section>
  );
}

/** What the Show filter leaves nothing of says how to see every one. */
export const nothingInFilter = (filter: ActiveFilter) =>
  `Nothing ${filter === 'active' ? 'active' : 'archived'} here. Choose All under Show to see every one.`;

type CollectionScreenProps<T> = Omit<
  CollectionFrameProps,
  'filter' | 'onFilterChange' | 'nothingShown' | 'list' | 'toolbar'
> & {
  listLabel: string;
  /** Grid columns when the grid view is on. */
  gridClassName: string;
  items: T[];
  itemKey: (item: T) => number | string;
  /** Whether an item is active (not archived), for the Active / Archived / All filter. */
  isActive: (item: T) => boolean;
  renderItem: (item: T) => ReactNode;
  /** Above the list once it has items (e.g. a bar acting on the selected items). */
  toolbar?: ReactNode;
};

/** A project screen that lists every one of its cards at once, filtered in the browser (system prompts). */
export function CollectionScreen<T>({
  listLabel,
  gridClassName,
  items,
  itemKey,
  isActive,
  renderItem,
  toolbar,
  ...frame
}: CollectionScreenProps<T>) {
  const [filter, setFilter] = useState<ActiveFilter>('all');
  const shown = items.filter((item) => passesFilter(filter, isActive(item)));
  return (
    <CollectionFrame
      {...frame}
      filter={filter}
      onFilterChange={setFilter}
      nothingShown={shown.length === 0 ? nothingInFilter(filter) : null}
      toolbar={shown.length === 0 ? null : toolbar}
      list={
        <CardList label={listLabel} className={frame.view === 'grid' ? gridClassName : 'grid-cols-1'}>
          {shown.map((item) => (
            <CardListItem key={itemKey(item)}>{renderItem(item)}</CardListItem>
          ))}
        </CardList>
      }
    />
  );
}

/** The list of cards, one column or a grid. */
export const CardList = ({ label, className, children }: { label: string; className: string; children: ReactNode }) => (
  <ul className={cn('grid gap-4', className)} aria-label={label}>
    {children}
  </ul>
);

// min-w-0: a long unbroken word in a card wraps inside it instead of widening the column past the screen.
export const CardListItem = ({ children }: { children: ReactNode }) => <li className="flex min-w-0">{children}</li>;
