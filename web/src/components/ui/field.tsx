import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export const inputClasses = cn(
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900',
  'shadow-xs placeholder:text-slate-400 focus:border-blue-500 focus-visible:outline-2',
  'focus-visible:outline-offset-0 focus-visible:outline-blue-500/40',
  'aria-[invalid=true]:border-red-500 dark:border-slate-700 dark:bg-slate-900',
  'dark:text-slate-100 dark:placeholder:text-slate-500',
);

type FieldProps = {
  label: string;
  required?: boolean;
  error?: string | null;
  hint?: ReactNode;
  children: (props: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }) => ReactNode;
};

/** A visible label bound to its control, with an optional hint and error message. */
export function Field({ label, required, error, hint, children }: FieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
        {required ? (
          <span aria-hidden className="ml-0.5 text-red-600 dark:text-red-400">
            *
          </span>
        ) : null}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error || hint ? messageId : undefined,
      })}
      {error ? (
        <p id={messageId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function TextInput({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(inputClasses, className)} {...props} />;
}

export function TextArea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(inputClasses, 'min-h-24 resize-y leading-6', className)} {...props} />;
}

/** A field's error message, tied to it by `id` (the field's aria-describedby); nothing when there is none. */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="text-sm text-red-700 dark:text-red-400">
      {children}
    </p>
  );
}
