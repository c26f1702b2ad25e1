import { useQuery } from '@tanstack/react-query';
import { LIMITS, ROUTES, type EvaluationConsistency, type JudgeAgreement } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const refetchWhile = (polling: boolean) => (polling ? LIMITS.pollingIntervalMs : false);

/** pass@k, pass^k and flaky cases per configuration; refetched with the leaderboard while the run goes on. */
export const useConsistency = (evaluationId: number, polling: boolean) =>
  useQuery({
    queryKey: queryKeys.evaluationConsistency(evaluationId),
    queryFn: () => api.get<EvaluationConsistency>(ROUTES.consistency(evaluationId)),
    refetchInterval: refetchWhile(polling),
  });

/** How often each judge check agrees with people's ratings; refetched when a rating changes. */
export const useJudgeAgreement = (evaluationId: number, polling: boolean) =>
  useQuery({
    queryKey: queryKeys.evaluationJudgeAgreement(evaluationId),
    queryFn: () => api.get<JudgeAgreement>(ROUTES.judgeAgreement(evaluationId)),
    refetchInterval: refetchWhile(polling),
  });
