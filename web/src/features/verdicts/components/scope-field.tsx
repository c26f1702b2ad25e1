import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/field';

export type Scope = 'all' | 'chosen';

export type ScopeFieldProps = {
  /** What is chosen among, in the words of its radios: 'user prompts', 'configurations'. */
  noun: string;
  legend: string;
  items: { id: number; name: string }[];
  scope: Scope;
  ids: number[];
  error?: string;
  onChange: (scope: Scope, ids: number[]) => void;
};

/**
 * Which outputs a check scores: those of all the user prompts (or configurations), later ones too, or of the ones
 * ticked.
 */
export function ScopeField({ noun, legend, items, scope, ids, error, onChange }: ScopeFieldProps) {
  const id = useId();
  const chosen = new Set(ids);
  const radio = (value: Scope, label: string) => (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="radio"
        name={`${id}-scope`}
        value={value}
        checked={scope === value}
        onChange={() => onChange(value, ids)}
        className="size-4 accent-blue-600"
      />
      {label}
    </label>
  );
  const group = noun.charAt(0).toUpperCase() + noun.slice(1);
  return (
    <fieldset
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
      className="space-y-2 rounded-md border border-slate-200 px-4 pt-1 pb-3 dark:border-slate-700"
    >
      <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-200">{legend}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-1">
        {radio('all', `All ${noun}`)}
        {radio('chosen', `Chosen ${noun}`)}
      </div>
      {scope === 'chosen' ? (
        items.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">{`This project has no ${noun} yet.`}</p>
        ) : (
          <div role="group" aria-label={group} className="max-h-40 space-y-1 overflow-auto pt-1">
            {items.map((item) => (
              <Checkbox
                key={item.id}
                checked={chosen.has(item.id)}
                onCheckedChange={(checked) =>
                  onChange('chosen', checked ? [...ids, item.id] : ids.filter((other) => other !== item.id))
                }
              >
                {item.name}
              </Checkbox>
            ))}
          </div>
        )
      ) : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}
