import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TemplateVariables } from '@/components/ui/template-variables';
import { Checkbox } from '@/components/ui/checkbox';

/** `template`: the full text, whose variables are listed under the preview. */
export type SelectionItem = { id: number; name: string; detail?: string; preview: string; template: string };

type Props = {
  title: string;
  items: SelectionItem[];
  selected: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
  empty: { text: string; linkText: string; to: string };
  note?: ReactNode;
};

/** A titled checklist with Select All/Deselect All and an 'n of m selected' counter. */
export function SelectionList({ title, items, selected, onChange, empty, note }: Props) {
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id));
  const count = items.filter((item) => selected.has(item.id)).length;
  const headingId = `selection-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <div>
          <h3 id={headingId} className="font-semibold">
            {title}
          </h3>
          <p className="text-xs text-slate-500 dark:text-slate-400" aria-live="polite">
            {count} of {items.length} selected
          </p>
        </div>
        {items.length > 0 ? (
          <button
            type="button"
            onClick={() => onChange(allSelected ? new Set() : new Set(items.map((item) => item.id)))}
            className="rounded-md px-2 py-1 text-sm font-medium text-blue-700 hover:bg-blue-50 dark:text-blue-300 dark:hover:bg-blue-950"
          >
            {allSelected ? 'Deselect All' : 'Select All'}
          </button>
        ) : null}
      </header>
      {items.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-slate-600 dark:text-slate-400">
          {empty.text}{' '}
          <Link to={empty.to} className="font-medium text-blue-700 underline underline-offset-2 dark:text-blue-300">
            {empty.linkText}
          </Link>
        </p>
      ) : (
        <ul className="max-h-[28rem] divide-y divide-slate-100 overflow-y-auto dark:divide-slate-800">
          {items.map((item) => (
            <li key={item.id} className="px-4 py-3">
              <Checkbox
                checked={selected.has(item.id)}
                onCheckedChange={(checked) => {
                  const next = new Set(selected);
                  if (checked) next.add(item.id);
                  else next.delete(item.id);
                  onChange(next);
                }}
                description={
                  <>
                    {item.detail ? (
                      <span className="block font-medium text-slate-600 dark:text-slate-300">{item.detail}</span>
                    ) : null}
                    <span className="block font-mono break-words">{item.preview || '—'}</span>
                    <TemplateVariables text={item.template} className="mt-1" />
                  </>
                }
              >
                <span className="font-medium">{item.name}</span>
              </Checkbox>
            </li>
          ))}
        </ul>
      )}
      {note ? (
        <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
          {note}
        </p>
      ) : null}
    </section>
  );
}
