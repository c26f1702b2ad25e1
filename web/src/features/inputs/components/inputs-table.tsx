import { useEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Input, InputSort } from '@promptgrid/contract';
import { CardActions } from '@/components/ui/card-actions';
import { ChevronDownIcon } from '@/components/ui/icons';
import { formatCardDate } from '@/components/ui/prompt-card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { pagesOf } from '../api/get-input-pages';
import { withShift } from '../hooks/use-input-selection';

const ROW_HEIGHT = 48;
const HEADER_HEIGHT = 40;
// Checkbox, name, content, expected output, tokens, created, the switch and buttons. Under 58rem (a phone) the
// table scrolls sideways inside its box instead of squeezing the text away.
const COLUMNS = 'grid grid-cols-[2.5rem_minmax(8rem,1fr)_minmax(12rem,2fr)_minmax(8rem,1fr)_4.5rem_8.5rem_13rem]';

type Props = {
  /** Changes with the search, filter and order: the table starts again at its first row. */
  listKey: string;
  total: number;
  rowAt: (index: number) => Input | undefined;
  /** The pages the rows on screen are on, so they are fetched. */
  onVisiblePages: (pages: number[]) => void;
  sort: InputSort;
  onSortChange: (sort: InputSort) => void;
  selected: ReadonlySet<number>;
  onToggle: (index: number, id: number, on: boolean, range: boolean) => void;
  actionsFor: (input: Input) => Omit<ComponentProps<typeof CardActions>, 'name' | 'active'>;
};

/**
 * The user prompts as a table whose rows exist only on screen (TanStack Virtual): ten thousand of them cost what
 * thirty do. Rows of pages not yet fetched show a placeholder until theirs arrives.
 */
export function InputsTable({
  listKey,
  total,
  rowAt,
  onVisiblePages,
  sort,
  onSortChange,
  selected,
  onToggle,
  actionsFor,
}: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer answers new rows from the same object at each scroll: this component is left unmemoized.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    scrollMargin: HEADER_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  const pages = pagesOf(first, last).join(',');
  useEffect(() => {
    onVisiblePages(pages.split(',').map(Number));
  }, [pages, onVisiblePages]);
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [listKey]);

  return (
    <div
      ref={scrollRef}
      className="max-h-[70vh] overflow-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
    >
      <div role="table" aria-label="User prompts" aria-rowcount={total + 1} className="min-w-[58rem] text-sm">
        <div
          role="row"
          aria-rowindex={1}
          style={{ height: HEADER_HEIGHT }}
          className={cn(
            COLUMNS,
            'sticky top-0 z-10 items-center border-b border-slate-200 bg-slate-50 font-medium text-slate-700',
            'dark:border-slate-800 dark:bg-slate-800 dark:text-slate-200',
          )}
        >
          <span role="columnheader" className="px-3">
            <span className="sr-only">Selected</span>
          </span>
          <SortHeader label="Name" by="name" sort={sort} onSortChange={onSortChange} />
          <span role="columnheader" className="px-3">
            Content
          </span>
          <span role="columnheader" className="px-3">
            Expected output
          </span>
          <SortHeader label="Tokens" by="tokens" sort={sort} onSortChange={onSortChange} />
          <SortHeader label="Created" by="created" sort={sort} onSortChange={onSortChange} />
          <span role="columnheader" className="px-3">
            <span className="sr-only">Actions</span>
          </span>
        </div>
        <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() - HEADER_HEIGHT }}>
          {items.map((item) => {
            const input = rowAt(item.index);
            return (
              <div
                key={input?.id ?? `row-${item.index}`}
                role="row"
                aria-rowindex={item.index + 2}
                aria-busy={input ? undefined : true}
                aria-label={input?.name}
                style={{ height: ROW_HEIGHT, transform: `translateY(${item.start - HEADER_HEIGHT}px)` }}
                className={cn(
                  COLUMNS,
                  'absolute inset-x-0 top-0 items-center border-b border-slate-100 dark:border-slate-800',
                  input && !input.active && 'bg-slate-50 text-slate-500 dark:bg-slate-950 dark:text-slate-400',
                  input && selected.has(input.id) && 'bg-blue-50 dark:bg-blue-950',
                )}
              >
                {input ? (
                  <InputRow
                    input={input}
                    selected={selected.has(input.id)}
                    onSelectedChange={(on, range) => onToggle(item.index, input.id, on, range)}
                    actions={actionsFor(input)}
                  />
                ) : (
                  <span role="cell" className="col-span-full px-3">
                    <Skeleton className="h-4 w-2/3" />
                  </span>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

function InputRow({
  input,
  selected,
  onSelectedChange,
  actions,
}: {
  input: Input;
  selected: boolean;
  onSelectedChange: (on: boolean, range: boolean) => void;
  actions: Omit<ComponentProps<typeof CardActions>, 'name' | 'active'>;
}) {
  return (
    <>
      <Cell className="flex items-center">
        <input
          type="checkbox"
          aria-label={`Select ${input.name}`}
          checked={selected}
          onChange={(event) => onSelectedChange(event.target.checked, withShift(event))}
          className="size-4 cursor-pointer accent-blue-600"
        />
      </Cell>
      <Cell title={input.name} className="font-medium">
        {input.name}
      </Cell>
      <Cell title={input.content} className="font-mono text-xs">
        {input.content}
      </Cell>
      <Cell title={input.expected_output ?? undefined}>
        {input.expected_output ?? <span className="text-slate-400 dark:text-slate-500">none</span>}
      </Cell>
      <Cell className="text-right tabular-nums">{input.token_count}</Cell>
      <Cell>
        <time dateTime={input.created_at}>{formatCardDate(input.created_at)}</time>
      </Cell>
      <span role="cell" className="flex justify-end px-2">
        <CardActions name={input.name} active={input.active} {...actions} />
      </span>
    </>
  );
}

const Cell = ({ children, className, title }: { children: ReactNode; className?: string; title?: string }) => (
  // One line per row: the full text is in the editor and, for a glance, in the cell's tooltip.
  <span role="cell" title={title} className={cn('truncate px-3', className)}>
    {children}
  </span>
);

/** A column header that orders the table by its column: ascending first, then descending. */
function SortHeader({
  label,
  by,
  sort,
  onSortChange,
}: {
  label: string;
  by: 'name' | 'tokens' | 'created';
  sort: InputSort;
  onSortChange: (sort: InputSort) => void;
}) {
  const direction = sort === by ? 'ascending' : sort === `-${by}` ? 'descending' : 'none';
  return (
    <span role="columnheader" aria-sort={direction} className="px-1">
      <button
        type="button"
        onClick={() => onSortChange(direction === 'ascending' ? `-${by}` : by)}
        className="inline-flex items-center gap-1 rounded px-2 py-1 hover:bg-slate-200 dark:hover:bg-slate-700"
      >
        {label}
        {direction === 'none' ? null : (
          <ChevronDownIcon aria-hidden className={cn('size-3.5', direction === 'ascending' && 'rotate-180')} />
        )}
      </button>
    </span>
  );
}
