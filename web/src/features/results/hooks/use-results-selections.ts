import { useCallback, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import type { ResultsSelections } from '../lib/types';

const ALL: ResultsSelections = { inputId: null, configurationIds: null, showInput: false };

/**
 * The input and prompts chosen on a run's Results screen. They live in the query cache beside the run's results, so
 * the persister keeps them with the run and a reload brings them back.
 */
export function useResultsSelections(
  evaluationId: number | null,
  members: { inputIds: (number | null)[]; configurationIds: number[] },
) {
  const queryClient = useQueryClient();
  const key = useMemo(() => queryKeys.evaluationSelections(evaluationId), [evaluationId]);
  const { data: selections = ALL } = useQuery({
    queryKey: key,
    queryFn: () => ALL,
    enabled: evaluationId !== null,
    staleTime: Infinity,
  });
  const setSelections = useCallback(
    (update: (current: ResultsSelections) => ResultsSelections) =>
      queryClient.setQueryData<ResultsSelections>(key, (current) => update(current ?? ALL)),
    [queryClient, key],
  );

  const inputId =
    selections.inputId !== null && members.inputIds.includes(selections.inputId)
      ? selections.inputId
      : (members.inputIds[0] ?? null);
  const memberIds = members.configurationIds;
  const selectedConfigurationIds = useMemo(() => {
    if (selections.configurationIds === null) return memberIds;
    const chosen = new Set(selections.configurationIds);
    return memberIds.filter((id) => chosen.has(id));
  }, [memberIds, selections.configurationIds]);
  const togglePrompt = useCallback(
    (id: number, checked: boolean) =>
      setSelections((current) => {
        const chosen = new Set(current.configurationIds ?? memberIds);
        if (checked) chosen.add(id);
        else chosen.delete(id);
        return { ...current, configurationIds: memberIds.filter((other) => chosen.has(other)) };
      }),
    [memberIds, setSelections],
  );
  const selectAllPrompts = useCallback(
    (select: boolean) => setSelections((current) => ({ ...current, configurationIds: select ? null : [] })),
    [setSelections],
  );
  return { selections, setSelections, inputId, selectedConfigurationIds, togglePrompt, selectAllPrompts };
}
