import type { ChatMessage } from '@promptgrid/contract';
import { buttonClasses } from '@/components/ui/button';
import { ROLE_LABELS } from '@/components/ui/messages-editor';
import { inputClasses } from '@/components/ui/field';
import type { ResultsSelections } from '../lib/types';
import { cn } from '@/lib/cn';

type Props = {
  inputIds: (number | null)[];
  inputId: number | null;
  inputsById: Map<number, { name: string; content: string; messages?: ChatMessage[] | null }>;
  selections: ResultsSelections;
  setSelections: (update: (current: ResultsSelections) => ResultsSelections) => void;
};

/** An input as Show input shows it: its text, or its conversation turn by turn. */
const shownText = ({ content, messages }: { content: string; messages?: ChatMessage[] | null }) =>
  messages ? messages.map((m) => `${ROLE_LABELS[m.role]}: ${m.content}`).join('\n\n') : content;

/** The results screen's input selector, with Show/Hide input. */
export function InputPicker({ inputIds, inputId, inputsById, selections, setSelections }: Props) {
  const selectedInput = inputId === null ? null : inputsById.get(inputId);
  return (
    <section
      aria-labelledby="input-picker-title"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1 space-y-1">
          <label
            id="input-picker-title"
            htmlFor="result-input"
            className="block text-sm font-medium text-slate-700 dark:text-slate-200"
          >
            Input
          </label>
          <select
            id="result-input"
            className={inputClasses}
            value={inputId ?? ''}
            disabled={inputIds.length <= 1}
            onChange={(event) =>
              setSelections((current) => ({
                ...current,
                inputId: event.target.value === '' ? null : Number(event.target.value),
              }))
            }
          >
            {inputIds.length === 0 ? <option value="">—</option> : null}
            {inputIds.map((id) => (
              <option key={id ?? 'none'} value={id ?? ''}>
                {id === null ? 'No user prompt' : (inputsById.get(id)?.name ?? `Input #${id}`)}
              </option>
            ))}
          </select>
        </div>
        {selectedInput ? (
          <button
            type="button"
            aria-expanded={selections.showInput}
            aria-controls="result-input-content"
            onClick={() => setSelections((current) => ({ ...current, showInput: !current.showInput }))}
            className={buttonClasses('secondary')}
          >
            {selections.showInput ? 'Hide input' : 'Show input'}
          </button>
        ) : null}
      </div>
      {selectedInput && selections.showInput ? (
        <pre
          id="result-input-content"
          className={cn(
            'mt-3 max-h-64 overflow-auto rounded-md bg-slate-50 p-3 font-mono text-xs leading-5',
            'break-words whitespace-pre-wrap text-slate-700 dark:bg-slate-800 dark:text-slate-200',
          )}
        >
          {shownText(selectedInput)}
        </pre>
      ) : null}
    </section>
  );
}
