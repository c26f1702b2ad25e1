import { memo } from 'react';
import type { VirtualItem } from '@tanstack/react-virtual';
import { cn } from '@/lib/cn';
import type { GridColumn } from './grid-data';
import { leadWidth, type LeadColumns } from './matrix-row';
import { ResizeHandle } from './resize-handle';

export const HEADER_HEIGHT = 60;

type Props = {
  columns: GridColumn[];
  virtualColumns: VirtualItem[];
  totalWidth: number;
  lead: LeadColumns;
  onResize: (columnId: number, width: number) => void;
};

/** The sticky header row: the system prompts in view, each with its model and a resize handle. */
export const MatrixHeader = memo(function MatrixHeader({ columns, virtualColumns, totalWidth, lead, onResize }: Props) {
  const withExpected = lead.expected > 0;
  const leadClasses = cn(
    'flex h-full items-end border-r border-b border-slate-300 bg-slate-100',
    'px-3 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase',
    'dark:border-slate-700 dark:bg-slate-800 dark:text-slate-300',
  );
  return (
    <div role="rowgroup" className="sticky top-0 z-20" style={{ width: totalWidth, height: HEADER_HEIGHT }}>
      <div role="row" aria-rowindex={1} className="relative flex h-full">
        <div
          role="columnheader"
          aria-colindex={1}
          className={cn(leadClasses, 'sticky left-0 z-30 shrink-0')}
          style={{ width: lead.input }}
        >
          User prompt
        </div>
        {withExpected ? (
          <div
            role="columnheader"
            aria-colindex={2}
            className={cn(leadClasses, 'z-30 shrink-0 md:sticky')}
            style={{ width: lead.expected, left: lead.input }}
          >
            Expected output
          </div>
        ) : null}
        {virtualColumns.map((virtualColumn) => {
          const column = columns[virtualColumn.index];
          if (!column) return null;
          return (
            <div
              key={column.id}
              role="columnheader"
              aria-colindex={virtualColumn.index + (withExpected ? 3 : 2)}
              className={cn(
                'absolute top-0 flex h-full flex-col justify-end border-r border-b border-slate-300',
                'bg-slate-100 px-3 py-2 dark:border-slate-700 dark:bg-slate-800',
              )}
              style={{ left: leadWidth(lead) + virtualColumn.start, width: virtualColumn.size }}
            >
              <span className="truncate text-sm font-semibold" title={column.name}>
                {column.name}
              </span>
              <span className="truncate text-xs text-slate-500 dark:text-slate-400">{column.model}</span>
              <ResizeHandle
                label={`Resize column ${column.name}`}
                width={virtualColumn.size}
                onResize={(width) => onResize(column.id, width)}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
});
