import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export function EmptyState({ title, message, action }: { title: string; message: string; action?: ReactNode }) {
  return (
    <div
      className={cn(
        'rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center',
        'dark:border-slate-700 dark:bg-slate-900',
      )}
    >
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{message}</p>
      {action ? <div className="mt-6 flex justify-center">{action}</div> : null}
    </div>
  );
}
