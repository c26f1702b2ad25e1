import { useId } from 'react';
import { inputClasses } from './field';

export const ACTIVE_FILTERS = ['active', 'archived', 'all'] as const;
export type ActiveFilter = (typeof ACTIVE_FILTERS)[number];
const LABELS: Record<ActiveFilter, string> = { active: 'Active', archived: 'Archived', all: 'All' };

export const passesFilter = (filter: ActiveFilter, active: boolean) =>
  filter === 'all' || (filter === 'active') === active;

/** 'Show: Active / Archived / All' above a list of user prompts or system prompts. */
export function ActiveFilterSelect({
  value,
  onChange,
}: {
  value: ActiveFilter;
  onChange: (next: ActiveFilter) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        Show
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as ActiveFilter)}
        className={inputClasses + ' h-8 w-auto py-0'}
      >
        {ACTIVE_FILTERS.map((filter) => (
          <option key={filter} value={filter}>
            {LABELS[filter]}
          </option>
        ))}
      </select>
    </div>
  );
}
