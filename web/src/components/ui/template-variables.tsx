import { templateVariables } from '@promptgrid/contract';
import { cn } from '@/lib/cn';

/** The variables a template uses, as the run will fill them from each user prompt. */
export function TemplateVariables({ text, className }: { text: string; className?: string }) {
  const names = templateVariables(text);
  if (names.length === 0) return null;
  return (
    <p className={cn('flex flex-wrap items-center gap-1 text-xs text-slate-600 dark:text-slate-400', className)}>
      <span>Variables:</span>
      {names.map((name) => (
        <code
          key={name}
          className="rounded bg-violet-100 px-1 text-violet-800 dark:bg-violet-950 dark:text-violet-200"
        >{`{{${name}}}`}</code>
      ))}
    </p>
  );
}
