import { cn } from '@/lib/cn';

/** A labelled group of pressed-state buttons with text, one pressed at a time (e.g. Cards | Matrix, Diff | Side by side). */
export function TextToggle<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  /** The group's accessible name. */
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex gap-0.5 rounded-md bg-slate-100 p-0.5 dark:bg-slate-800"
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={cn(
            'rounded px-3 py-1 text-sm font-medium transition-colors',
            value === option.value
              ? 'bg-white text-blue-700 shadow-sm dark:bg-slate-700 dark:text-blue-300'
              : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
