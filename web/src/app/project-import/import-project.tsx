import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportFile } from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { FileDropZone } from '@/features/inputs/components/file-drop-zone';
import { readBase64 } from '@/features/inputs/lib/read-file';
import { importProject, previewProjectImport } from '@/features/projects/api/import-project';
import { errorText } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { ImportReportView } from './import-report';

const DESCRIPTION =
  'From a promptfoo config (promptfooconfig.yaml and the files it refers to, or a zip of them) or an OpenAI eval ' +
  '(its registry YAML or eval JSON, with its samples JSONL).';
const CONFIG_FILES = '.yaml,.yml,.json,.csv,.jsonl,.txt,.md,.zip';

/** The files as the import takes them: their bytes (a zip's too), named as the config refers to them. */
const importFilesOf = (files: File[]): Promise<ImportFile[]> =>
  Promise.all(
    // A chosen folder keeps its structure in the relative path: a config refers to `prompts/chat.json`.
    files.map(async (file) => ({ name: file.webkitRelativePath || file.name, data_base64: await readBase64(file) })),
  );

/**
 * "Import project": drop a promptfoo config with the files it refers to (or a zip of them), read the report of what
 * will be created and what will not be carried over, then confirm. Nothing is created before the confirmation.
 */
export function ImportProject() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [files, setFiles] = useState<ImportFile[] | null>(null);
  const preview = useMutation({ mutationFn: (chosen: ImportFile[]) => previewProjectImport({ files: chosen }) });
  const create = useMutation({
    mutationFn: (chosen: ImportFile[]) => importProject({ files: chosen }),
    onSuccess: async ({ project_id }) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.projects() });
      void navigate(paths.project.to(project_id, 'configs'));
    },
  });
  const choose = async (chosen: File[]) => {
    if (chosen.length === 0) return;
    const read = await importFilesOf(chosen);
    setFiles(read);
    create.reset();
    preview.mutate(read);
  };
  const close = () => {
    if (create.isPending) return;
    setOpen(false);
    setFiles(null);
    preview.reset();
    create.reset();
  };

  return (
    <>
      <Button variant="secondary" className="mt-3 w-full sm:w-auto lg:w-full" onClick={() => setOpen(true)}>
        Import project
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        title="Import project"
        description={DESCRIPTION}
        className="sm:max-w-3xl"
        closeOnOutsideClick={false}
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button
              onClick={() => files && create.mutate(files)}
              disabled={!files || !preview.isSuccess || create.isPending}
            >
              {create.isPending ? 'Importing...' : 'Import project'}
            </Button>
          </>
        }
      >
        <div className="space-y-4">
          <FileDropZone
            multiple
            accept={CONFIG_FILES}
            prompt={
              files
                ? `${files.length} file${files.length === 1 ? '' : 's'}: ${files.map((f) => f.name).join(', ')}`
                : 'Drop promptfooconfig.yaml and its prompt and test files, or an eval and its samples, here, or'
            }
            chooseLabel="Choose files"
            onFiles={(chosen) => void choose(chosen)}
          />
          {preview.isPending ? <Spinner label="Reading the files" /> : null}
          {preview.isError ? <Banner>{errorText(preview.error, 'The files could not be read')}</Banner> : null}
          {create.isError ? (
            <Banner tone="error">{errorText(create.error, 'Failed to import the project')}</Banner>
          ) : null}
          {preview.data ? <ImportReportView report={preview.data} /> : null}
        </div>
      </Dialog>
    </>
  );
}
