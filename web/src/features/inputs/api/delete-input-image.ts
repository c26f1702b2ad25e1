import { useMutation } from '@tanstack/react-query';
import { ROUTES } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { useRefreshInputs } from './upload-input-image';

export const deleteInputImage = (projectId: string | number, inputId: number, imageId: number) =>
  api.delete<null>(ROUTES.inputImage(projectId, inputId, imageId));

export function useDeleteInputImage(projectId: string | number, inputId: number) {
  const refresh = useRefreshInputs(projectId);
  return useMutation({
    mutationFn: (imageId: number) => deleteInputImage(projectId, inputId, imageId),
    onSuccess: refresh,
  });
}
