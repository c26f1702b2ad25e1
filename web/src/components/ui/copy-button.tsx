import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';

/** Copies text to the clipboard and says so for two seconds (announced to screen readers). */
export function CopyButton({ text, label, tabbable = true }: { text: string; label: string; tabbable?: boolean }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      tabIndex={tabbable ? 0 : -1}
      onClick={(event) => {
        event.stopPropagation();
        navigator.clipboard.writeText(text).then(
          () => setState('copied'),
          () => setState('failed'),
        );
      }}
      className={cn(
        'shrink-0 rounded border border-slate-200 px-1.5 py-0.5 text-[11px] font-medium',
        'text-slate-600 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-300',
        'dark:hover:bg-slate-800',
      )}
    >
      <span aria-live="polite">{state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}</span>
    </button>
  );
}
