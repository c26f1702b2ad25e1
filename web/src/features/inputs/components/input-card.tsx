import { useId, useState } from 'react';
import type { Input } from '@promptgrid/contract';
import { CardActions } from '@/components/ui/card-actions';
import { cn } from '@/lib/cn';
import { canExpand, collapsedContent } from '../lib/truncate';
import { InputExtras } from './input-extras';

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

type Props = {
  input: Input;
  duplicating: boolean;
  onEdit: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
  onToggleActive: () => void;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
};

export function InputCard({
  input,
  duplicating,
  onEdit,
  onDuplicate,
  onDelete,
  onToggleActive,
  selected,
  onSelectedChange,
}: Props) {
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
      {/* On a narrow card the buttons move under the name instead of pushing the card wider than the screen. */}
      <header className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <div className="flex min-w-0 flex-1 basis-40 items-start gap-2">
          <input
            type="checkbox"
            aria-label={`Select ${input.name}`}
            checked={selected}
            onChange={(event) => onSelectedChange(event.target.checked)}
            className="mt-1 size-4 shrink-0 cursor-pointer accent-blue-600"
          />
          {/* Long names wrap: a card never hides part of its name. */}
          <h3 className="min-w-0 flex-1 font-semibold break-words">{input.name}</h3>
        </div>
        <CardActions
          name={input.name}
          active={input.active}
          duplicating={duplicating}
          onToggleActive={onToggleActive}
          onEdit={onEdit}
          onDuplicate={onDuplicate}
          onDelete={onDelete}
        />
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
