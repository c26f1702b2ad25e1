import { useId, useState, type DragEvent } from 'react';
import { IMPORT_LIMITS_TEXT } from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { previewImport, useImportInputs } from '../api/import-inputs';
import { useFileImport } from '../hooks/use-file-import';
import { ImportPreviewTables } from './import-preview';

type Props = {
  projectId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onImported: (created: number) => void;
};

/**
 * Mounted while open, so each opening starts with no file. Import user prompts from a CSV or JSONL file: drop or
 * choose it, see how the server reads it (column mapping, the first rows as they will be created, every problem),
 * then import all of it or nothing.
 */
export function ImportDialog({ projectId, open, onOpenChange, onImported }: Props) {
  const id = useId();
  const importing = useImportInputs(projectId);
  const {
    file,
    fileError,
    choose: chooseFile,
    setColumn,
    preview,
    ready,
    body,
  } = useFileImport((request) => previewImport(projectId, request));
  const [dragging, setDragging] = useState(false);
  const choose = (chosen: File | undefined) => {
    importing.reset();
    return chooseFile(chosen);
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void choose(event.dataTransfer.files[0]);
  };

  const submit = () => {
    if (!body) return;
    importing.mutate(body, {
      onSuccess: ({ created }) => {
        onImported(created);
        onOpenChange(false);
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !importing.isPending && onOpenChange(next)}
      title="Import User Prompts"
      description={
        <>
          A CSV file with a header row (the input text, its expected output and a name are found by their headers, which
          you can correct; every other column becomes a variable) or a JSONL file with one object per line.{' '}
          {IMPORT_LIMITS_TEXT}
        </>
      }
      className="sm:max-w-4xl"
      closeOnOutsideClick={false}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={importing.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!ready || importing.isPending}>
            {importing.isPending
              ? 'Importing...'
              : ready
                ? `Import ${preview.data!.total_rows} user prompt${preview.data!.total_rows === 1 ? '' : 's'}`
                : 'Import'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          className={cn(
            'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center text-sm',
            dragging
              ? 'border-blue-500 bg-blue-50 dark:bg-blue-950'
              : 'border-slate-300 text-slate-600 dark:border-slate-700 dark:text-slate-300',
          )}
        >
          <p>{file ? `File: ${file.name} (${file.format.toUpperCase()})` : 'Drop a .csv or .jsonl file here, or'}</p>
          <label
            htmlFor={`${id}-file`}
            className="cursor-pointer font-medium text-blue-700 underline dark:text-blue-300"
          >
            {file ? 'Choose another file' : 'Choose a file'}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,.jsonl,.ndjson,text/csv,application/x-ndjson"
            className="sr-only"
            onChange={(event) => {
              void choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </div>
        {fileError ? <Banner>{fileError}</Banner> : null}
        {preview.isPending ? <Spinner label="Reading the file" /> : null}
        {preview.isError ? <Banner>{`Failed to read the file: ${preview.error.message}`}</Banner> : null}
        {importing.isError ? <Banner>{`Failed to import: ${importing.error.message}`}</Banner> : null}
        {preview.data ? <ImportPreviewTables preview={preview.data} onColumnChange={setColumn} /> : null}
      </div>
    </Dialog>
  );
}
