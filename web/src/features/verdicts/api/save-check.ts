import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type Check, type SaveCheckInput } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const createCheck = (projectId: string | number, data: SaveCheckInput) =>
  api.post<Check>(ROUTES.checks(projectId), data);

export const updateCheck = (id: number, data: SaveCheckInput) => api.put<Check>(ROUTES.check(id), data);

/** Creates (id null) or replaces a check; the project's list takes the saved one without a refetch. */
export function useSaveCheck(projectId: string | number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: number | null; data: SaveCheckInput }) =>
      id === null ? createCheck(projectId, data) : updateCheck(id, data),
    onSuccess: (saved, { id }) =>
      queryClient.setQueryData<Check[]>(queryKeys.checks(projectId), (list = []) =>
        id === null ? [...list, saved] : list.map((item) => (item.id === saved.id ? saved : item)),
      ),
  });
}
