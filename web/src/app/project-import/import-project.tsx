import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportFile, ImportReport } from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { FileDropZone } from '@/features/inputs/components/file-drop-zone';
import { readBase64 } from '@/features/inputs/lib/read-file';
import { importProject, previewProjectImport, type ProjectUpload } from '@/features/projects/api/import-project';
import { errorText } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { ImportReportView } from './import-report';
import { ProviderModels } from './provider-models';

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
  // The model picked for each provider the files name that Promptgrid cannot run as it is.
  const [picked, setPicked] = useState<Record<string, number>>({});
  // The last report stays on screen while a pick is previewed again, so its model selects keep their focus.
  const [report, setReport] = useState<ImportReport | null>(null);
  const preview = useMutation({
    mutationFn: (upload: ProjectUpload) => previewProjectImport(upload),
    onSuccess: setReport,
  });
  const create = useMutation({
    mutationFn: (upload: ProjectUpload) => importProject(upload),
    onSuccess: async ({ project_id }) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.projects() });
      void navigate(paths.project.to(project_id, 'configs'));
    },
  });
  const choose = async (chosen: File[]) => {
    if (chosen.length === 0) return;
    const read = await importFilesOf(chosen);
    setFiles(read);
    setPicked({});
    setReport(null);
    create.reset();
    preview.mutate({ files: read });
  };
  const pick = (provider: string, modelId: number | null) => {
    const next = { ...picked };
    if (modelId === null) delete next[provider];
    else next[provider] = modelId;
    setPicked(next);
    if (files) preview.mutate({ files, provider_models: next });
  };
  const close = () => {
    if (create.isPending) return;
    setOpen(false);
    setFiles(null);
    setPicked({});
    setReport(null);
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
              onClick={() => files && create.mutate({ files, provider_models: picked })}
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
          {report ? (
            <>
              <ProviderModels providers={report.unknown_providers} picked={picked} onPick={pick} />
              <ImportReportView report={report} />
            </>
          ) : null}
        </div>
      </Dialog>
    </>
  );
}
