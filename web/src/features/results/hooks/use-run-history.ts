import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getResults } from '../api/get-results';
import { getProjectEvaluations } from '../api/get-run-history';
import { nameOfRun } from '../history/format';
import { cellKey } from '../lib/results-index';
import type { RunHistory } from '../matrix/matrix-view';
import { answerText } from '@promptgrid/contract';

/** The project's other runs, whose cells the matrix can compare with (loaded when one is picked as baseline). */
export function useRunHistory(projectId: string, evaluationId: number | null, enabled: boolean): RunHistory {
  const evaluations = useQuery({
    queryKey: ['projects', projectId, 'evaluations'],
    queryFn: () => getProjectEvaluations(projectId),
    staleTime: 60_000,
    enabled,
  });
  return useMemo(
    () => ({
      runs: (evaluations.data ?? [])
        .filter((run) => run.id !== evaluationId)
        .map((run) => ({ id: run.id, name: nameOfRun(run) })),
      loadOutputs: async (otherId: number) =>
        new Map(
          (await getResults(otherId)).map((result) => [
            cellKey(result.input, result.configuration),
            answerText(result.output, result.tool_calls),
          ]),
        ),
    }),
    [evaluations.data, evaluationId],
  );
}
