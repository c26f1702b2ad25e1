import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  LIMITS,
  ROUTES,
  type ConfigurationSummary,
  type EvaluationConsistency,
  type JudgeAgreement,
} from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * When evidence about a run is read again: as often as the leaderboard while the run goes on, and whenever the
 * leaderboard's verdicts or ratings change (`verdicts`, a digest of them, is part of the key): judging after a
 * re-score, or a rating, can end after the last poll.
 */
export type EvidenceRefresh = { polling: boolean; verdicts: string };

/** The evidence's refresh from the leaderboard's rows: a digest of their verdict and rating counts. */
export const evidenceRefresh = (summary: ConfigurationSummary[], polling: boolean): EvidenceRefresh => ({
  polling,
  verdicts: summary.map((r) => `${r.checks_passed}/${r.checks_total}/${r.rating_up}/${r.rating_down}`).join(','),
});

export const refreshOf = ({ polling, verdicts }: EvidenceRefresh) => ({
  keyPart: verdicts,
  refetchInterval: polling ? LIMITS.pollingIntervalMs : (false as const),
});

/** pass@k, pass^k and flaky cases per configuration. */
export const consistencyQuery = (evaluationId: number, refresh: EvidenceRefresh) =>
  queryOptions({
    queryKey: [...queryKeys.evaluationConsistency(evaluationId), refreshOf(refresh).keyPart],
    queryFn: () => api.get<EvaluationConsistency>(ROUTES.consistency(evaluationId)),
    refetchInterval: refreshOf(refresh).refetchInterval,
  });

export const useConsistency = (evaluationId: number, refresh: EvidenceRefresh) =>
  useQuery(consistencyQuery(evaluationId, refresh));

/** How often each judge check agrees with people's ratings. */
export const judgeAgreementQuery = (evaluationId: number, refresh: EvidenceRefresh) =>
  queryOptions({
    queryKey: [...queryKeys.evaluationJudgeAgreement(evaluationId), refreshOf(refresh).keyPart],
    queryFn: () => api.get<JudgeAgreement>(ROUTES.judgeAgreement(evaluationId)),
    refetchInterval: refreshOf(refresh).refetchInterval,
  });

export const useJudgeAgreement = (evaluationId: number, refresh: EvidenceRefresh) =>
  useQuery(judgeAgreementQuery(evaluationId, refresh));
