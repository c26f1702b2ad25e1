import { cn } from '@/lib/cn';

/** The Promptgrid mark (a 2x2 grid with one highlighted cell) and word. */
export function Logo({ className, withWord = true }: { className?: string; withWord?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden focusable="false" className="shrink-0">
        <rect x="1" y="1" width="22" height="22" rx="6" className="fill-blue-600" />
        <rect x="5.5" y="5.5" width="5.5" height="5.5" rx="1.5" fill="white" />
        <rect x="13" y="5.5" width="5.5" height="5.5" rx="1.5" fill="white" fillOpacity="0.55" />
        <rect x="5.5" y="13" width="5.5" height="5.5" rx="1.5" fill="white" fillOpacity="0.55" />
        <rect x="13" y="13" width="5.5" height="5.5" rx="1.5" fill="white" fillOpacity="0.55" />
      </svg>
      {withWord ? <span>Promptgrid</span> : null}
    </span>
  );
}
