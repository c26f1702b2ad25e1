import { useId, useState } from 'react';
import { cn } from '@/lib/cn';

type Props = {
  /** The line above the choose link, e.g. the chosen file's name. */
  prompt: string;
  chooseLabel: string;
  onFile: (file: File | undefined) => void;
  className?: string;
};

/** A CSV or JSONL file dropped here or chosen with the labelled file input. */
export function FileDropZone({ prompt, chooseLabel, onFile, className }: Props) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        onFile(event.dataTransfer.files[0]);
      }}
      className={cn(
        'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center text-sm',
        dragging
          ? 'border-blue-500 bg-blue-50 dark:bg-blue-950'
          : 'border-slate-300 text-slate-600 dark:border-slate-700 dark:text-slate-300',
        className,
      )}
    >
      <p>{prompt}</p>
      <label htmlFor={`${id}-file`} className="cursor-pointer font-medium text-blue-700 underline dark:text-blue-300">
        {chooseLabel}
      </label>
      <input
        id={`${id}-file`}
        type="file"
        accept=".csv,.jsonl,.ndjson,text/csv,application/x-ndjson"
        className="sr-only"
        onChange={(event) => {
          onFile(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </div>
  );
}
