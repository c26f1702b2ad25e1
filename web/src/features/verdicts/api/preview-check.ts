import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ROUTES, type CheckPreview, type SaveCheckInput } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const previewCheck = (evaluationId: number, check: SaveCheckInput, signal?: AbortSignal) =>
  api.post<CheckPreview>(ROUTES.checkPreview(evaluationId), check, { signal });

/**
 * What the unsaved check would say about the run's outputs. The form's values are the key, so each change asks
 * again (the caller debounces); the last verdicts stay on screen while the next ones load.
 */
export const useCheckPreview = (evaluationId: number | null, check: SaveCheckInput | null) =>
  useQuery({
    queryKey: queryKeys.checkPreview(evaluationId, check),
    queryFn: ({ signal }) => previewCheck(evaluationId!, check!, signal),
    enabled: evaluationId !== null && check !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
