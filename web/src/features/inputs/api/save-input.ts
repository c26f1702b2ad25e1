import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type CreateInputInput, type Input } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { invalidateProjectCounts } from '@/lib/api/invalidate-project-counts';
import { patchInputPages, refreshInputPages } from './get-input-pages';

export const createInput = (projectId: string | number, data: CreateInputInput) =>
  api.post<Input>(ROUTES.inputs(projectId), data);

/** PUT sends the whole input with the changed fields: the server replaces the input, it does not merge. */
export const updateInput = (projectId: string | number, input: Input) =>
  api.put<Input>(ROUTES.input(projectId, input.id), input);

export function useSaveInput(projectId: string | number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ existing, data }: { existing: Input | null; data: CreateInputInput }) =>
      existing ? updateInput(projectId, { ...existing, ...data }) : createInput(projectId, { ...data, active: true }),
    onSuccess: (saved, { existing }) => {
      queryClient.setQueryData<Input[]>(queryKeys.inputs(projectId), (list) =>
        existing ? list?.map((item) => (item.id === saved.id ? saved : item)) : list && [...list, saved],
      );
      if (!existing) invalidateProjectCounts(queryClient, projectId);
      // At once, before the refresh: the next save of this input sends the saved version's updated_at.
      else patchInputPages(queryClient, projectId, saved);
      void refreshInputPages(queryClient, projectId);
    },
  });
}

/** Active/Archived: shown at once, reverted when the save fails. */
export function useSetInputActive(projectId: string | number) {
  const queryClient = useQueryClient();
  const key = queryKeys.inputs(projectId);
  return useMutation({
    mutationFn: (input: Input) => updateInput(projectId, input),
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: key });
      await queryClient.cancelQueries({ queryKey: queryKeys.inputPages(projectId) });
      patchInputPages(queryClient, projectId, next);
      const previous = queryClient.getQueryData<Input[]>(key);
      queryClient.setQueryData<Input[]>(key, (list) =>
        list?.map((item) => (item.id === next.id ? { ...item, active: next.active } : item)),
      );
      return { previous };
    },
    onError: (_error, next, context) => {
      queryClient.setQueryData<Input[]>(key, (list) =>
        list?.map((item) =>
          item.id === next.id
            ? { ...item, active: context?.previous?.find((p) => p.id === next.id)?.active ?? !next.active }
            : item,
        ),
      );
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<Input[]>(key, (list) => list?.map((item) => (item.id === saved.id ? saved : item)));
      patchInputPages(queryClient, projectId, saved);
    },
    // Saved or not, the pages show what the server holds (a failed switch flips back).
    onSettled: () => refreshInputPages(queryClient, projectId),
  });
}
