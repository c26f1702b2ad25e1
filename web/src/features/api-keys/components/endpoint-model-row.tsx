import type { UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/field';
import { TrashIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import type { EndpointValues } from '../lib/endpoint-values';

type Props = { index: number; form: UseFormReturn<EndpointValues>; onRemove: () => void };

/** One model of an endpoint: its name, its prices, what it takes (JSON mode, a reasoning effort), and its removal. */
export function EndpointModelRow({ index, form, onRemove }: Props) {
  const errors = form.formState.errors.models?.[index];
  const flag = (name: 'supports_json_mode' | 'supports_reasoning_effort', label: string) => (
    <label className="flex items-center gap-1.5 text-sm">
      <input type="checkbox" {...form.register(`models.${index}.${name}`)} className="size-4 accent-blue-600" />
      {label}
    </label>
  );
  return (
    <li
      className={cn(
        'grid grid-cols-2 gap-2 rounded-md border border-slate-200 p-2',
        'sm:grid-cols-[1fr_6rem_6rem_auto] dark:border-slate-700',
      )}
    >
      <div className="col-span-2 sm:col-span-1">
        <Field label={`Model ${index + 1}`} error={errors?.model_name?.message}>
          {(props) => <TextInput {...props} {...form.register(`models.${index}.model_name`)} spellCheck={false} />}
        </Field>
      </div>
      <Field label="Input $/M" error={errors?.input_per_mtok?.message}>
        {(props) => <TextInput {...props} {...form.register(`models.${index}.input_per_mtok`)} inputMode="decimal" />}
      </Field>
      <Field label="Output $/M" error={errors?.output_per_mtok?.message}>
        {(props) => <TextInput {...props} {...form.register(`models.${index}.output_per_mtok`)} inputMode="decimal" />}
      </Field>
      <div className="col-span-2 flex items-center justify-between gap-2 sm:col-span-1 sm:flex-col sm:items-end sm:justify-end">
        {flag('supports_json_mode', 'JSON mode')}
        {flag('supports_reasoning_effort', 'Reasoning effort')}
        <Button size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove model ${index + 1}`}>
          <TrashIcon className="size-4" />
        </Button>
      </div>
    </li>
  );
}
