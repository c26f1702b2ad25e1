import { useRef, type PointerEvent } from 'react';
import { cn } from '@/lib/cn';

export const MIN_COLUMN_WIDTH = 160;
export const MAX_COLUMN_WIDTH = 960;
const clamp = (width: number) => Math.round(Math.max(MIN_COLUMN_WIDTH, Math.min(MAX_COLUMN_WIDTH, width)));

/** A column's right edge: drag it, or focus it and press the left and right arrow keys. */
export function ResizeHandle({
  label,
  width,
  onResize,
}: {
  label: string;
  width: number;
  onResize: (width: number) => void;
}) {
  const start = useRef<{ x: number; width: number } | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    start.current = { x: event.clientX, width };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current) onResize(clamp(start.current.width + event.clientX - start.current.x));
  };
  return (
    // A focusable separator is the ARIA window splitter: a widget, operated with the arrow keys.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={Math.round(width)}
      aria-valuemin={MIN_COLUMN_WIDTH}
      aria-valuemax={MAX_COLUMN_WIDTH}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => (start.current = null)}
      onKeyDown={(event) => {
        const step = event.key === 'ArrowLeft' ? -20 : event.key === 'ArrowRight' ? 20 : 0;
        if (step === 0) return;
        event.preventDefault();
        event.stopPropagation();
        onResize(clamp(width + step));
      }}
      className={cn(
        'absolute top-0 right-0 h-full w-2 cursor-col-resize touch-none hover:bg-blue-400/40',
        'focus-visible:bg-blue-500/60 focus-visible:outline-none',
      )}
    />
  );
}
