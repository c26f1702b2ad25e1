import { memo } from 'react';
import type { Configuration } from '@promptgrid/contract';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/cn';

type Props = {
  ids: number[];
  selected: ReadonlySet<number>;
  configurations: Map<number, Configuration>;
  onToggle: (id: number, checked: boolean) => void;
  onAll: (select: boolean) => void;
};

/** The system-prompt checkbox grid ('n of m selected'); memoised, as it may hold a thousand rows. */
export const PromptPicker = memo(function PromptPicker({ ids, selected, configurations, onToggle, onAll }: Props) {
  const count = ids.reduce((n, id) => (selected.has(id) ? n + 1 : n), 0);
  const allSelected = count === ids.length;
  return (
    <section
      aria-labelledby="prompt-picker-title"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-center justify-between gap-2">
        <div>
          <h3 id="prompt-picker-title" className="text-sm font-medium text-slate-700 dark:text-slate-200">
            System prompts
          </h3>
          <p className="text-xs text-slate-500 dark:text-slate-400" aria-live="polite">
            {count} of {ids.length} selected
          </p>
        </div>
        {ids.length > 0 ? (
          <button
            type="button"
            className="rounded-md px-2 py-1 text-sm font-medium text-blue-700 hover:bg-blue-50 dark:text-blue-300 dark:hover:bg-blue-950"
            onClick={() => onAll(!allSelected)}
          >
            {allSelected ? 'Deselect All' : 'Select All'}
          </button>
        ) : null}
      </div>
      <div
        className={cn(
          'mt-3 grid max-h-48 gap-x-4 gap-y-2 overflow-y-auto sm:grid-cols-2',
          ids.length > 12 && 'xl:grid-cols-3',
        )}
      >
        {ids.map((id) => (
          <Checkbox key={id} checked={selected.has(id)} onCheckedChange={(checked) => onToggle(id, checked)}>
            <span className="block truncate">{configurations.get(id)?.name ?? `Prompt #${id}`}</span>
          </Checkbox>
        ))}
      </div>
    </section>
  );
});
