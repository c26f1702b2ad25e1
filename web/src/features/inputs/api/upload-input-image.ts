import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type InputImage } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { refreshInputPages } from './get-input-pages';

/** The file's bytes in base64, as the upload's JSON form takes them. */
async function base64Of(file: File): Promise<string> {
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    // readAsDataURL's result is always a string.
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}.`));
    reader.readAsDataURL(file);
  });
  return dataUrl.slice(dataUrl.indexOf(',') + 1);
}

export const uploadInputImage = async (projectId: string | number, inputId: number, file: File) =>
  api.post<InputImage>(ROUTES.inputImages(projectId, inputId), { data: await base64Of(file) });

/** The lists and pages show an input with its images: they are read again after an image is added or removed. */
export function useRefreshInputs(projectId: string | number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.inputs(projectId) });
    void refreshInputPages(queryClient, projectId);
  };
}

export function useUploadInputImage(projectId: string | number, inputId: number) {
  const refresh = useRefreshInputs(projectId);
  return useMutation({
    mutationFn: (file: File) => uploadInputImage(projectId, inputId, file),
    onSuccess: refresh,
  });
}
