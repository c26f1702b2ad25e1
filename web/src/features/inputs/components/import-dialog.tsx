import { IMPORT_LIMITS_TEXT } from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-client';
import { previewImport, useImportInputs } from '../api/import-inputs';
import { useFileImport } from '../hooks/use-file-import';
import { FileDropZone } from './file-drop-zone';
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
  const choose = (chosen: File | undefined) => {
    importing.reset();
    return chooseFile(chosen);
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
          A CSV file with a header row or a JSONL file with one object per line: the input text, its expected output and
          a name are found by their headers (a JSONL object&apos;s fields), which you can correct; every other column
          becomes a variable. {IMPORT_LIMITS_TEXT}
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
        <FileDropZone
          prompt={file ? `File: ${file.name} (${file.format.toUpperCase()})` : 'Drop a .csv or .jsonl file here, or'}
          chooseLabel={file ? 'Choose another file' : 'Choose a file'}
          onFile={(chosen) => void choose(chosen)}
        />
        {fileError ? <Banner>{fileError}</Banner> : null}
        {preview.isPending ? <Spinner label="Reading the file" /> : null}
        {preview.isError ? (
          <Banner>{`Failed to read the file: ${errorText(preview.error, 'no answer')}`}</Banner>
        ) : null}
        {importing.isError ? <Banner>{`Failed to import: ${errorText(importing.error, 'no answer')}`}</Banner> : null}
        {preview.data ? <ImportPreviewTables preview={preview.data} onColumnChange={setColumn} /> : null}
      </div>
    </Dialog>
  );
}
