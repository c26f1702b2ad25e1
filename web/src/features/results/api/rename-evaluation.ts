import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type Evaluation, type EvaluationRecord } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const renameEvaluation = ({ id, name }: { id: number; name: string }) =>
  api.patch<Evaluation>(ROUTES.evaluation(id), { name });

export function useRenameEvaluation(projectId: string | number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameEvaluation,
    onSuccess: (evaluation) => {
      queryClient.setQueryData<EvaluationRecord>(queryKeys.evaluationRecord(evaluation.id), (record) =>
        record ? { ...record, evaluation: { ...record.evaluation, name: evaluation.name } } : record,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.evaluationHistory(projectId) });
      void queryClient.invalidateQueries({ queryKey: ['evaluation-comparison'] });
      void queryClient.invalidateQueries({ queryKey: ['projects', String(projectId), 'evaluations'] });
    },
  });
}
