import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import type { GridCell, GridColumn, GridRow } from './grid-data';
import { CellBody, CellFacts } from './matrix-cell';
import { CopyButton } from '@/components/ui/copy-button';
import type { RenderMode } from './output-view';
import { cn } from '@/lib/cn';
import { ConversationDisclosure } from '../components/conversation-disclosure';

type Props = {
  row: GridRow;
  column: GridColumn;
  cell: GridCell | undefined;
  baseline: string | null;
  mode: RenderMode;
  onClose: () => void;
};

/** The whole of one cell beside the grid: the user prompt, the full output (or its diff), and its facts. */
export function CellPanel({ row, column, cell, baseline, mode, onClose }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [row.id, column.id]);
  return (
    <aside
      aria-labelledby="cell-panel-title"
      className={cn(
        'flex max-h-[70vh] min-h-80 w-full flex-col overflow-hidden rounded-lg border',
        'border-slate-200 bg-white shadow-sm lg:w-[28rem] lg:shrink-0 dark:border-slate-800',
        'dark:bg-slate-900',
      )}
    >
      <header className="flex items-start justify-between gap-3 border-b border-slate-100 px-4 py-3 dark:border-slate-800">
        <div className="min-w-0">
          <h3 id="cell-panel-title" ref={heading} tabIndex={-1} className="truncate font-semibold outline-none">
            {column.name}
          </h3>
          <p className="truncate text-xs text-slate-500 dark:text-slate-400">
            {column.model} · {row.name}
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={onClose}>
          Close
        </Button>
      </header>
      <div className="min-h-0 flex-1 space-y-3 overflow-auto px-4 py-3 text-sm">
        <section aria-label="User prompt">
          <h4 className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
            User prompt
          </h4>
          <p className="mt-1 break-words whitespace-pre-wrap text-slate-700 dark:text-slate-200">
            {row.content || '—'}
          </p>
          <ConversationDisclosure messages={row.messages ?? []} className="mt-2" />
        </section>
        {cell ? (
          <section aria-label="Output">
            <div className="flex items-center justify-between gap-2">
              <h4 className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
                {baseline !== null ? 'Output (diff from baseline)' : 'Output'}
              </h4>
              {cell.output !== null ? (
                <CopyButton text={cell.output} label={`Copy output: ${row.name}, ${column.name}`} />
              ) : null}
            </div>
            <div className="mt-1">
              <CellFacts cell={cell} id="panel" />
            </div>
            <div className="mt-2">
              <CellBody cell={cell} baseline={baseline} mode={mode} />
            </div>
          </section>
        ) : (
          <p className="text-slate-500">No request for this cell.</p>
        )}
      </div>
    </aside>
  );
}
