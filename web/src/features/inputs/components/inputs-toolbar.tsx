import { useId } from 'react';
import { INPUT_SORTS, type InputSort } from '@promptgrid/contract';
import { inputClasses } from '@/components/ui/field';
import { cn } from '@/lib/cn';

const SORT_LABELS: Record<InputSort, string> = {
  created: 'Oldest first',
  '-created': 'Newest first',
  name: 'Name A–Z',
  '-name': 'Name Z–A',
  tokens: 'Fewest tokens',
  '-tokens': 'Most tokens',
};

/** The search over names, contents and expected outputs, and the order of the list. */
export function InputsToolbar({
  search,
  onSearchChange,
  sort,
  onSortChange,
}: {
  search: string;
  onSearchChange: (search: string) => void;
  sort: InputSort;
  onSortChange: (sort: InputSort) => void;
}) {
  const searchId = useId();
  const sortId = useId();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="min-w-48 flex-1 space-y-1">
        <label htmlFor={searchId} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
          Search user prompts
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          placeholder="Name, content or expected output"
          className={inputClasses}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor={sortId} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
          Sort by
        </label>
        <select
          id={sortId}
          value={sort}
          onChange={(event) => onSortChange(event.target.value as InputSort)}
          className={cn(inputClasses, 'w-auto')}
        >
          {INPUT_SORTS.map((option) => (
            <option key={option} value={option}>
              {SORT_LABELS[option]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
