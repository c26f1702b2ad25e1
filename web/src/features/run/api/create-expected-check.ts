import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type Check, type EqualsExpectedMode } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How the run screen's offered check compares an output with the expected output. */
export type ExpectedComparison = EqualsExpectedMode | 'contains';

export const EXPECTED_CHECK_NAME = 'Check against expected output';

/** The check the run screen offers: equals_expected in the chosen mode, or contains_expected. */
export const createExpectedCheck = (projectId: string | number, comparison: ExpectedComparison) =>
  api.post<Check>(
    ROUTES.checks(projectId),
    comparison === 'contains'
      ? { name: EXPECTED_CHECK_NAME, type: 'contains_expected' }
      : { name: EXPECTED_CHECK_NAME, type: 'equals_expected', value: comparison },
  );

export function useCreateExpectedCheck(projectId: string | number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comparison: ExpectedComparison) => createExpectedCheck(projectId, comparison),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.checks(projectId) }),
  });
}
