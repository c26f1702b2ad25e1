import { memo } from 'react';
import type { ApiRequestStatus } from '@promptgrid/contract';
import { cn } from '@/lib/cn';
import { gridColumns, STATUS_LABELS } from '../lib/status';

export const DOT_COLOURS: Record<ApiRequestStatus, string> = {
  PENDING: 'bg-slate-300 dark:bg-slate-600',
  IN_PROGRESS: 'bg-yellow-400',
  SUCCESS: 'bg-blue-600 dark:bg-blue-500',
  FAILED: 'bg-red-600 dark:bg-red-500',
};

/** One dot per request in ceil(sqrt(total)) columns: grey pending, yellow in progress, blue success, red failed. */
export const ProgressGrid = memo(function ProgressGrid({ dots }: { dots: ApiRequestStatus[] }) {
  const columns = gridColumns(dots.length);
  const size = columns > 24 ? 6 : columns > 12 ? 8 : 10;
  return (
    <ul
      aria-label="Request progress"
      // Its own paint layer: a change elsewhere on the page (a scroll of the results matrix) otherwise repainted all
      // of its dots, up to 10,000, in every frame.
      className="grid w-max gap-[3px] [contain:paint]"
      style={{ gridTemplateColumns: `repeat(${columns}, ${size}px)` }}
    >
      {dots.map((status, index) => (
        <li
          key={index}
          aria-label={`Request ${index + 1}: ${STATUS_LABELS[status]}`}
          title={`Request ${index + 1}: ${STATUS_LABELS[status]}`}
          data-status={status}
          className={cn('rounded-full', DOT_COLOURS[status])}
          style={{ width: size, height: size }}
        />
      ))}
    </ul>
  );
});

export function ProgressLegend() {
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500 dark:text-slate-400" aria-label="Legend">
      {(Object.keys(DOT_COLOURS) as ApiRequestStatus[]).map((status) => (
        <li key={status} className="inline-flex items-center gap-1.5">
          <span aria-hidden className={cn('size-2 rounded-full', DOT_COLOURS[status])} />
          {STATUS_LABELS[status]}
        </li>
      ))}
    </ul>
  );
}
