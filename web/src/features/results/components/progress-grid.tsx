import { memo, useEffect, useRef, useState } from 'react';
import type { ApiRequestStatus } from '@promptgrid/contract';
import { cn } from '@/lib/cn';
import { gridColumns, STATUS_LABELS } from '../lib/status';

export const DOT_COLOURS: Record<ApiRequestStatus, string> = {
  PENDING: 'bg-slate-300 dark:bg-slate-600',
  IN_PROGRESS: 'bg-yellow-400',
  SUCCESS: 'bg-blue-600 dark:bg-blue-500',
  FAILED: 'bg-red-600 dark:bg-red-500',
};

/**
 * Up to this many requests each dot is a list item with its own label. Beyond it the dots are drawn on one canvas
 * labelled with the counts: ten thousand list items took a quarter of a second to restyle when a run's requests came in
 * and as long again to lay out, and ten thousand labels tell a screen reader user less than the counts do.
 */
export const LISTED_DOTS_MAX = 1_000;
const GAP = 3;

/** One dot per request in ceil(sqrt(total)) columns: grey pending, yellow in progress, blue success, red failed. */
export const ProgressGrid = memo(function ProgressGrid({ dots }: { dots: ApiRequestStatus[] }) {
  const columns = gridColumns(dots.length);
  const size = columns > 24 ? 6 : columns > 12 ? 8 : 10;
  if (dots.length > LISTED_DOTS_MAX) return <DrawnDots dots={dots} columns={columns} size={size} />;
  return (
    <ul
      aria-label="Request progress"
      // Its own paint layer: a change elsewhere on the page (a scroll of the results matrix) otherwise repainted all
      // of its dots in every frame.
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

const STATUSES = Object.keys(DOT_COLOURS) as ApiRequestStatus[];

/** The dots of a large run on a canvas, in the list's layout and colours; hovering one names it as the list does. */
function DrawnDots({ dots, columns, size }: { dots: ApiRequestStatus[]; columns: number; size: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // The colours come from the same classes as the listed dots (light or dark), read off hidden samples.
  const samples = useRef<Partial<Record<ApiRequestStatus, HTMLSpanElement | null>>>({});
  const rows = Math.ceil(dots.length / columns);
  const width = columns * size + (columns - 1) * GAP;
  const height = rows * size + (rows - 1) * GAP;
  const [scheme, setScheme] = useState(0);
  useEffect(() => {
    const dark = window.matchMedia?.('(prefers-color-scheme: dark)');
    const redraw = () => setScheme((n) => n + 1);
    dark?.addEventListener('change', redraw);
    return () => dark?.removeEventListener('change', redraw);
  }, []);
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!canvas.current || !context) return;
    const scale = window.devicePixelRatio || 1;
    canvas.current.width = Math.ceil(width * scale);
    canvas.current.height = Math.ceil(height * scale);
    context.scale(scale, scale);
    const colours = new Map(
      STATUSES.map((status) => {
        const sample = samples.current[status];
        return [status, sample ? getComputedStyle(sample).backgroundColor : 'grey'];
      }),
    );
    const radius = size / 2;
    for (const status of STATUSES) {
      context.fillStyle = colours.get(status)!;
      context.beginPath();
      dots.forEach((dot, index) => {
        if (dot !== status) return;
        const x = (index % columns) * (size + GAP) + radius;
        const y = Math.floor(index / columns) * (size + GAP) + radius;
        context.moveTo(x + radius, y);
        context.arc(x, y, radius, 0, 2 * Math.PI);
      });
      context.fill();
    }
  }, [dots, columns, size, width, height, scheme]);
  const counts = STATUSES.map((status) => ({ status, count: dots.filter((dot) => dot === status).length })).filter(
    (entry) => entry.count > 0,
  );
  const [hovered, setHovered] = useState<number | null>(null);
  const hoveredDot = hovered === null ? undefined : dots[hovered];
  return (
    <>
      <canvas
        ref={canvas}
        role="img"
        aria-label={`Request progress: ${counts
          .map(({ status, count }) => `${count.toLocaleString('en-US')} ${STATUS_LABELS[status].toLowerCase()}`)
          .join(', ')}`}
        title={hovered === null || !hoveredDot ? undefined : `Request ${hovered + 1}: ${STATUS_LABELS[hoveredDot]}`}
        style={{ width, height }}
        className="block"
        onMouseMove={(event) => {
          const box = event.currentTarget.getBoundingClientRect();
          const column = Math.floor((event.clientX - box.left) / (size + GAP));
          const row = Math.floor((event.clientY - box.top) / (size + GAP));
          const index = row * columns + column;
          setHovered(column < columns && index < dots.length ? index : null);
        }}
        onMouseLeave={() => setHovered(null)}
      />
      {STATUSES.map((status) => (
        <span
          key={status}
          hidden
          ref={(element) => void (samples.current[status] = element)}
          className={DOT_COLOURS[status]}
        />
      ))}
    </>
  );
}

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
