import { useId, type ReactNode } from 'react';
import { Switch } from 'radix-ui';
import { cn } from '@/lib/cn';

/** An on/off switch with a visible label bound to it. */
export function LabelledSwitch({
  label,
  checked,
  onCheckedChange,
  disabled,
  hint,
}: {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={cn(
          'relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:opacity-50',
          checked ? 'bg-blue-600' : 'bg-slate-300 dark:bg-slate-600',
        )}
      >
        <Switch.Thumb
          className={cn(
            'block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform',
            'data-[state=checked]:translate-x-[22px]',
          )}
        />
      </Switch.Root>
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-100">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
