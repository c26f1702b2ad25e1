import { useId, useState } from 'react';
import type { Input } from '@promptgrid/contract';
import { ImageThumbnails } from '@/components/ui/image-thumbnails';
import { PromptCard, formatCardDate } from '@/components/ui/prompt-card';
import { cn } from '@/lib/cn';
import { canExpand, collapsedContent } from '../lib/truncate';
import { withShift } from '../hooks/use-input-selection';
import { InputExtras } from './input-extras';

type Props = {
  input: Input;
  duplicating: boolean;
  onEdit: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
  onToggleActive: () => void;
  selected: boolean;
  /** `range`: Shift was held, for every card from the last one clicked. */
  onSelectedChange: (selected: boolean, range: boolean) => void;
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
    <PromptCard
      name={input.name}
      active={input.active}
      heading={
        <div className="flex min-w-0 flex-1 basis-40 items-start gap-2">
          <input
            type="checkbox"
            aria-label={`Select ${input.name}`}
            checked={selected}
            onChange={(event) => onSelectedChange(event.target.checked, withShift(event))}
            className="mt-1 size-4 shrink-0 cursor-pointer accent-blue-600"
          />
          {/* Long names wrap: a card never hides part of its name. */}
          <h3 className="min-w-0 flex-1 font-semibold break-words">{input.name}</h3>
        </div>
      }
      actions={{ duplicating, onToggleActive, onEdit, onDuplicate, onDelete }}
    >
      {input.messages ? (
        // A conversation's content is its last user turn: the card says what comes before it.
        <p className="mt-2 text-xs font-medium text-slate-500 dark:text-slate-400">
          {`Conversation · ${input.messages.length} messages, ending:`}
        </p>
      ) : null}
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
      <ImageThumbnails projectId={input.project} inputId={input.id} inputName={input.name} images={input.images} />
      <InputExtras input={input} />
      <footer className="mt-auto flex items-center justify-between gap-2 pt-3 text-xs text-slate-500 dark:text-slate-400">
        <span className="font-medium tracking-wide">TOKENS: {input.token_count}</span>
        <time dateTime={input.created_at}>Created {formatCardDate(input.created_at)}</time>
      </footer>
    </PromptCard>
  );
}
