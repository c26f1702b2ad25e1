import { cn } from '@/lib/cn';

export type ViewMode = 'list' | 'grid';

const ListGlyph = () => (
  <svg
    width="16"
    height="16"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    aria-hidden
    focusable="false"
  >
    <path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" />
  </svg>
);
const GridGlyph = () => (
  <svg
    width="16"
    height="16"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinejoin="round"
    aria-hidden
    focusable="false"
  >
    <rect x="3" y="3" width="7" height="7" rx="1" />
    <rect x="14" y="3" width="7" height="7" rx="1" />
    <rect x="3" y="14" width="7" height="7" rx="1" />
    <rect x="14" y="14" width="7" height="7" rx="1" />
  </svg>
);

/** The list/grid switch of the prompt screens: two pressed-state buttons named 'List view' and 'Grid view'. */
export function ViewToggle({ value, onChange }: { value: ViewMode; onChange: (mode: ViewMode) => void }) {
  const option = (mode: ViewMode, label: string, glyph: React.ReactNode) => (
    <button
      type="button"
      aria-pressed={value === mode}
      aria-label={label}
      title={label}
      onClick={() => onChange(mode)}
      className={cn(
        'inline-flex size-8 items-center justify-center rounded transition-colors',
        value === mode
          ? 'bg-white text-blue-700 shadow-sm dark:bg-slate-700 dark:text-blue-300'
          : 'text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-100',
      )}
    >
      {glyph}
    </button>
  );
  return (
    <div
      role="group"
      aria-label="Layout"
      className="inline-flex gap-0.5 rounded-md bg-slate-100 p-0.5 dark:bg-slate-800"
    >
      {option('list', 'List view', <ListGlyph />)}
      {option('grid', 'Grid view', <GridGlyph />)}
    </div>
  );
}
