import { cn } from '@/lib/cn';
import { GridIcon, ListIcon } from './icons';

export type ViewMode = 'list' | 'grid';

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
      {option('list', 'List view', <ListIcon />)}
      {option('grid', 'Grid view', <GridIcon />)}
    </div>
  );
}
