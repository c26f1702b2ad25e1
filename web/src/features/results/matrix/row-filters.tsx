import { cn } from '@/lib/cn';

export const labelClasses = 'block text-xs font-medium text-slate-600 dark:text-slate-300';

export type FilterChoice = { value: string; label: string };

/** Which rows show, each choice with how many rows it keeps: one radio group, one choice at a time. */
export function RowFilters({
  choices,
  value,
  counts,
  onChange,
}: {
  choices: FilterChoice[];
  value: string;
  counts: Map<string, number>;
  onChange: (value: string) => void;
}) {
  return (
    <fieldset className="flex min-w-0 flex-wrap items-center gap-1.5">
      <legend className={cn(labelClasses, 'mb-1')}>Show</legend>
      {choices.map((choice) => (
        <label
          key={choice.value}
          className={cn(
            'inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-medium',
            'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600',
            value === choice.value
              ? 'border-blue-500 bg-blue-50 text-blue-800 dark:bg-blue-950 dark:text-blue-200'
              : 'border-slate-300 text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800',
          )}
        >
          <input
            type="radio"
            name="matrix-filter"
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
            className="sr-only"
          />
          {choice.label}
          <span className="rounded-full bg-slate-100 px-1.5 tabular-nums dark:bg-slate-800">
            {counts.get(choice.value) ?? 0}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
