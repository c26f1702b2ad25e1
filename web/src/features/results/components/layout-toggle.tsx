import { cn } from '@/lib/cn';
import type { ResultsLayout } from '../hooks/use-results-layout';

/** Cards (one input at a time) or the matrix (every input against every system prompt). */
export function LayoutToggle({ value, onChange }: { value: ResultsLayout; onChange: (layout: ResultsLayout) => void }) {
  const option = (layout: ResultsLayout, label: string) => (
    <button
      type="button"
      aria-pressed={value === layout}
      onClick={() => onChange(layout)}
      className={cn(
        'rounded px-3 py-1 text-sm font-medium transition-colors',
        value === layout
          ? 'bg-white text-blue-700 shadow-sm dark:bg-slate-700 dark:text-blue-300'
          : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100',
      )}
    >
      {label}
    </button>
  );
  return (
    <div
      role="group"
      aria-label="Results layout"
      className="inline-flex gap-0.5 rounded-md bg-slate-100 p-0.5 dark:bg-slate-800"
    >
      {option('cards', 'Cards')}
      {option('matrix', 'Matrix')}
    </div>
  );
}
