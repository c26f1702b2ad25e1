import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type ImportInputsInput, type ImportInputsResponse, type ImportPreview } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { invalidateProjectCounts } from '@/lib/api/invalidate-project-counts';

/** What the server would create from the file: the column mapping, the first rows and every problem. */
export const previewImport = (projectId: string | number, file: ImportInputsInput) =>
  api.post<ImportPreview>(ROUTES.inputsImportPreview(projectId), file);

/** The same for a project not yet created: how a new project from this file would read it. */
export const previewNewProjectImport = (file: ImportInputsInput) =>
  api.post<ImportPreview>(ROUTES.newProjectImportPreview, file);

export const importInputs = (projectId: string | number, file: ImportInputsInput) =>
  api.post<ImportInputsResponse>(ROUTES.inputsImport(projectId), file);

export function useImportInputs(projectId: string | number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: ImportInputsInput) => importInputs(projectId, file),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.inputs(projectId) });
      invalidateProjectCounts(queryClient, projectId);
    },
  });
}
