import { useId, type ReactNode } from 'react';
import { Checkbox as RadixCheckbox } from 'radix-ui';
import { cn } from '@/lib/cn';

const Tick = () => (
  <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false">
    <path d="M20 6 9 17l-5-5" />
  </svg>
);

/** A checkbox with its label; `children` is the label (may hold more than text). */
export function Checkbox({
  checked,
  onCheckedChange,
  children,
  className,
  disabled,
  id: givenId,
  description,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  children: ReactNode;
  className?: string;
  disabled?: boolean;
  id?: string;
  /** Secondary text under the label, linked with aria-describedby. */
  description?: ReactNode;
}) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <div className={cn('flex items-start gap-2.5', className)}>
      <RadixCheckbox.Root
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={(value) => onCheckedChange(value === true)}
        aria-describedby={description ? `${id}-description` : undefined}
        className="mt-0.5 flex size-4 shrink-0 items-center justify-center rounded border border-slate-400 bg-white text-white data-[state=checked]:border-blue-600 data-[state=checked]:bg-blue-600 disabled:opacity-50 dark:border-slate-500 dark:bg-slate-800"
      >
        <RadixCheckbox.Indicator>
          <Tick />
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="block cursor-pointer text-sm">
          {children}
        </label>
        {description ? (
          <div id={`${id}-description`} className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
            {description}
          </div>
        ) : null}
      </div>
    </div>
  );
}
