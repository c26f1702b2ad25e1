import { useId } from 'react';
import type { Input } from '@promptgrid/contract';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/field';

type Props = {
  inputs: Input[];
  scope: 'all' | 'chosen';
  inputIds: number[];
  error?: string;
  onChange: (scope: 'all' | 'chosen', inputIds: number[]) => void;
};

/** Which user prompts' outputs a check scores: all of them (later ones too), or the ones ticked. */
export function InputScopeField({ inputs, scope, inputIds, error, onChange }: Props) {
  const id = useId();
  const chosen = new Set(inputIds);
  const radio = (value: 'all' | 'chosen', label: string) => (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="radio"
        name={`${id}-scope`}
        value={value}
        checked={scope === value}
        onChange={() => onChange(value, inputIds)}
        className="size-4 accent-blue-600"
      />
      {label}
    </label>
  );
  return (
    <fieldset
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
      className="space-y-2 rounded-md border border-slate-200 px-4 pt-1 pb-3 dark:border-slate-700"
    >
      <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-200">Applies to</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-1">
        {radio('all', 'All user prompts')}
        {radio('chosen', 'Chosen user prompts')}
      </div>
      {scope === 'chosen' ? (
        inputs.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">This project has no user prompts yet.</p>
        ) : (
          <div role="group" aria-label="User prompts" className="max-h-40 space-y-1 overflow-auto pt-1">
            {inputs.map((input) => (
              <Checkbox
                key={input.id}
                checked={chosen.has(input.id)}
                onCheckedChange={(checked) =>
                  onChange('chosen', checked ? [...inputIds, input.id] : inputIds.filter((other) => other !== input.id))
                }
              >
                {input.name}
              </Checkbox>
            ))}
          </div>
        )
      ) : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}
