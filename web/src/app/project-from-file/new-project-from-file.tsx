import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { IMPORT_LIMITS_TEXT, LIMITS } from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, TextInput } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { importInputs, previewNewProjectImport } from '@/features/inputs/api/import-inputs';
import { FileDropZone } from '@/features/inputs/components/file-drop-zone';
import { ImportPreviewTables } from '@/features/inputs/components/import-preview';
import { useFileImport } from '@/features/inputs/hooks/use-file-import';
import { createProject } from '@/features/projects/api/create-project';
import { deleteProject } from '@/features/projects/api/delete-project';
import { errorText } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

/** A file's name without its extension, as a project name. */
const projectName = (fileName: string) => fileName.replace(/\.[^.]+$/, '').slice(0, LIMITS.nameMaxLength) || fileName;

/**
 * The shortest way in: drop (or choose) a CSV or JSONL file, check its columns, and one click creates a project named
 * after it with every row imported, then opens its system prompts, the next thing it needs. The project and the
 * import are two requests: an import the server refuses deletes the project just created, so nothing half-made stays.
 */
export function NewProjectFromFile() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { file, fileError, choose, setColumn, preview, ready, body } = useFileImport(previewNewProjectImport);
  const [names, setNames] = useState<{ name: string; description: string } | null>(null);
  const [creating, setCreating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const start = (chosen: File | undefined) => {
    if (!chosen) return;
    setFailure(null);
    setNames({ name: projectName(chosen.name), description: `Imported from ${chosen.name}` });
    void choose(chosen);
  };
  const close = () => !creating && setNames(null);

  const create = async () => {
    if (!body || !names) return;
    setCreating(true);
    setFailure(null);
    try {
      const project = await createProject({ name: names.name.trim(), description: names.description.trim() });
      try {
        await importInputs(project.id, body);
      } catch (error) {
        await deleteProject(project.id).catch(() => undefined);
        throw error;
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects() });
      void navigate(paths.project.to(project.id, 'configs'));
    } catch (error) {
      setFailure(errorText(error, 'Failed to create the project'));
      setCreating(false);
    }
  };
  const namesValid = !!names && names.name.trim() !== '' && names.description.trim() !== '';
  const rows = preview.data?.total_rows ?? 0;

  return (
    <>
      <FileDropZone
        className="mt-3"
        prompt="Drop a .csv or .jsonl file here, or"
        chooseLabel="Create a project from a file"
        onFile={start}
      />
      <Dialog
        open={names !== null}
        onOpenChange={(open) => !open && close()}
        title="Create a project from a file"
        description={IMPORT_LIMITS_TEXT}
        className="sm:max-w-4xl"
        closeOnOutsideClick={false}
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={creating}>
              Cancel
            </Button>
            <Button onClick={() => void create()} disabled={!ready || !namesValid || creating}>
              {creating ? 'Creating...' : `Create project with ${rows} user prompt${rows === 1 ? '' : 's'}`}
            </Button>
          </>
        }
      >
        {names ? (
          <div className="space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Project name" required>
                {(props) => (
                  <TextInput
                    {...props}
                    value={names.name}
                    maxLength={LIMITS.nameMaxLength}
                    onChange={(event) => setNames({ ...names, name: event.target.value })}
                  />
                )}
              </Field>
              <Field label="Description" required>
                {(props) => (
                  <TextInput
                    {...props}
                    value={names.description}
                    maxLength={LIMITS.descriptionMaxLength}
                    onChange={(event) => setNames({ ...names, description: event.target.value })}
                  />
                )}
              </Field>
            </div>
            {file ? <p className="text-sm">{`File: ${file.name} (${file.format.toUpperCase()})`}</p> : null}
            {fileError ? <Banner>{fileError}</Banner> : null}
            {preview.isPending ? <Spinner label="Reading the file" /> : null}
            {preview.isError ? (
              <Banner>{`Failed to read the file: ${errorText(preview.error, 'no answer')}`}</Banner>
            ) : null}
            {failure ? <Banner tone="error">{failure}</Banner> : null}
            {preview.data ? <ImportPreviewTables preview={preview.data} onColumnChange={setColumn} /> : null}
          </div>
        ) : null}
      </Dialog>
    </>
  );
}
