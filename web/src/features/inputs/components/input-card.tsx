import { useId, useState } from 'react';
import type { Input } from '@promptgrid/contract';
import { ActiveToggle } from '@/components/ui/active-toggle';
import { PencilIcon, TrashIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { canExpand, collapsedContent } from '../lib/truncate';
import { InputExtras } from './input-extras';

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

type Props = {
  input: Input;
  onEdit: () => void;
  onDelete: () => void;
  onToggleActive: () => void;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
};

const iconButton =
  'inline-flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100';

export function InputCard({ input, onEdit, onDelete, onToggleActive, selected, onSelectedChange }: Props) {
  const [expanded, setExpanded] = useState(false);
  const contentId = useId();
  const expandable = canExpand(input.content);
  return (
    <article
      aria-label={input.name}
      className={cn(
        'flex w-full min-w-0 flex-col rounded-lg border bg-white p-4 shadow-sm dark:bg-slate-900',
        input.active
          ? 'border-slate-200 dark:border-slate-800'
          : 'border-dashed border-slate-300 opacity-80 dark:border-slate-700',
      )}
    >
      <header className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-2">
          <input
            type="checkbox"
            aria-label={`Select ${input.name}`}
            checked={selected}
            onChange={(event) => onSelectedChange(event.target.checked)}
            className="size-4 shrink-0 cursor-pointer accent-blue-600"
          />
          <h3 className="min-w-0 truncate font-semibold" title={input.name}>
            {input.name}
          </h3>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <ActiveToggle name={input.name} active={input.active} onToggle={onToggleActive} />
          <button type="button" className={iconButton} aria-label={`Edit ${input.name}`} title="Edit" onClick={onEdit}>
            <PencilIcon />
          </button>
          <button
            type="button"
            className={cn(iconButton, 'hover:text-red-700 dark:hover:text-red-400')}
            aria-label={`Delete ${input.name}`}
            title="Delete"
            onClick={onDelete}
          >
            <TrashIcon />
          </button>
        </div>
      </header>
      <p
        id={contentId}
        className={cn(
          'mt-2 font-mono text-sm break-words text-slate-700 dark:text-slate-300',
          expanded ? 'max-h-96 overflow-auto whitespace-pre-wrap' : 'whitespace-pre-line',
        )}
      >
        {expanded ? input.content : collapsedContent(input.content)}
      </p>
      {expandable ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={contentId}
          onClick={() => setExpanded((value) => !value)}
          className="mt-2 self-start text-xs font-semibold tracking-wide text-blue-700 hover:underline dark:text-blue-300"
        >
          {expanded ? 'HIDE' : 'EXPAND'}
        </button>
      ) : null}
      <InputExtras input={input} />
      <footer className="mt-auto flex items-center justify-between gap-2 pt-3 text-xs text-slate-500 dark:text-slate-400">
        <span className="font-medium tracking-wide">TOKENS: {input.token_count}</span>
        <time dateTime={input.created_at}>Created {formatDate(input.created_at)}</time>
      </footer>
    </article>
  );
}
