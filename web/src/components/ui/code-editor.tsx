import { lazy, Suspense, useId } from 'react';
import { LIMITS } from '@promptgrid/contract';
import { cn } from '@/lib/cn';
import { TemplateVariables } from './template-variables';
import { FieldError } from './field';

export type CodeEditorProps = {
  /** Visible label, bound to the editable area with aria-labelledby. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  required?: boolean;
  /** Numbered lines always shown, even for a short text, so the editor reads as a page to write on. */
  minLines?: number;
  placeholder?: string;
  /** The most characters the field takes: a counter below it shows how many it holds, red past the limit. */
  maxLength?: number;
};

const CodeEditorImpl = lazy(() => import('./code-editor-impl'));

const LINE_HEIGHT_PX = 20;

/** A line-numbered monospace text editor (CodeMirror 6, loaded in its own chunk). */
export function CodeEditor({ label, error, minLines = LIMITS.editorMinLines, maxLength, ...props }: CodeEditorProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const counterId = `${id}-counter`;
  const describedBy = [error ? errorId : null, maxLength === undefined ? null : counterId].filter(Boolean).join(' ');
  // Reserve the height while the chunk loads so the dialog does not jump.
  const minHeight = minLines * LINE_HEIGHT_PX + 8;
  return (
    <div className="space-y-1">
      <span id={labelId} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </span>
      <div
        className={cn(
          'max-h-[55dvh] overflow-auto rounded-md border bg-white focus-within:border-blue-500 dark:bg-slate-900',
          error ? 'border-red-500' : 'border-slate-300 dark:border-slate-600',
        )}
      >
        <Suspense fallback={<div style={{ minHeight }} className="animate-pulse bg-slate-50 dark:bg-slate-800" />}>
          <CodeEditorImpl
            {...props}
            minLines={minLines}
            lineHeight={LINE_HEIGHT_PX}
            labelledBy={labelId}
            describedBy={describedBy || undefined}
            invalid={Boolean(error)}
          />
        </Suspense>
      </div>
      <TemplateVariables text={props.value} />
      <div className="flex items-start justify-between gap-3">
        <FieldError id={errorId}>{error}</FieldError>
        {maxLength === undefined ? null : (
          <p
            id={counterId}
            className={cn(
              'ml-auto shrink-0 text-xs tabular-nums',
              props.value.length > maxLength ? 'text-red-700 dark:text-red-400' : 'text-slate-500 dark:text-slate-400',
            )}
          >
            {`${props.value.length.toLocaleString('en-US')} / ${maxLength.toLocaleString('en-US')}`}
          </p>
        )}
      </div>
    </div>
  );
}
