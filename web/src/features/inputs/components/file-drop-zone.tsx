import { useId, useState } from 'react';
import { cn } from '@/lib/cn';

type Props = {
  /** The line above the choose link, e.g. the chosen file's name. */
  prompt: string;
  chooseLabel: string;
  className?: string;
  /** The file types the chooser offers; CSV and JSONL unless given. */
  accept?: string;
} & (
  { multiple?: false; onFile: (file: File | undefined) => void } | { multiple: true; onFiles: (files: File[]) => void }
);

const CSV_OR_JSONL = '.csv,.jsonl,.ndjson,text/csv,application/x-ndjson';

/** A CSV or JSONL file (or, with `multiple`, several files) dropped here or chosen with the labelled file input. */
export function FileDropZone({ prompt, chooseLabel, className, accept = CSV_OR_JSONL, ...take }: Props) {
  const hand = (files: FileList | null | undefined) => {
    const list = [...(files ?? [])];
    if (take.multiple) take.onFiles(list);
    else take.onFile(list[0]);
  };
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
        hand(event.dataTransfer.files);
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
        accept={accept}
        multiple={take.multiple}
        className="sr-only"
        onChange={(event) => {
          hand(event.target.files);
          event.target.value = '';
        }}
      />
    </div>
  );
}
