import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A checkbox with its label; `children` is the label. A native input: light enough for lists of
 * a thousand prompts, and announced and operated like any checkbox.
 */
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
      <input
        type="checkbox"
        id={id}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onCheckedChange(event.target.checked)}
        aria-describedby={description ? `${id}-description` : undefined}
        className="mt-0.5 size-4 shrink-0 cursor-pointer rounded accent-blue-600 disabled:cursor-not-allowed disabled:opacity-50"
      />
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
