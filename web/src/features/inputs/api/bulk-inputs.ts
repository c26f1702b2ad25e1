import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type BulkInputsInput, type BulkInputsResponse, type Input } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { invalidateProjectCounts } from '@/lib/api/invalidate-project-counts';
import { refreshInputPages } from './get-input-pages';

export const bulkUpdateInputs = (projectId: string | number, body: BulkInputsInput) =>
  api.post<BulkInputsResponse>(ROUTES.inputsBulk(projectId), body);

/** Archive, restore or delete the selected user prompts in one request; the list follows once the server agreed. */
export function useBulkUpdateInputs(projectId: string | number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkInputsInput) => bulkUpdateInputs(projectId, body),
    onSuccess: (_response, { ids, action }) => {
      const chosen = new Set(ids);
      queryClient.setQueryData<Input[]>(queryKeys.inputs(projectId), (list) =>
        action === 'delete'
          ? list?.filter((item) => !chosen.has(item.id))
          : list?.map((item) => (chosen.has(item.id) ? { ...item, active: action === 'restore' } : item)),
      );
      invalidateProjectCounts(queryClient, projectId);
      void refreshInputPages(queryClient, projectId);
    },
  });
}
