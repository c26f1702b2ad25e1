import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTES, type PairedSignificance } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { refreshOf, type EvidenceRefresh } from './get-evidence';

export const getSignificance = (evaluationId: number, a: number, b: number) =>
  api.get<PairedSignificance>(ROUTES.significance(evaluationId, a, b));

/** Configuration b against a (b − a) in one run; refetched with the leaderboard while the run is judged. */
export const significanceQuery = (evaluationId: number, a: number, b: number, refresh: EvidenceRefresh) =>
  queryOptions({
    queryKey: [...queryKeys.evaluationSignificance(evaluationId, a, b), refreshOf(refresh).keyPart],
    queryFn: () => getSignificance(evaluationId, a, b),
    refetchInterval: refreshOf(refresh).refetchInterval,
  });

export const useSignificance = (evaluationId: number, a: number, b: number, refresh: EvidenceRefresh) =>
  useQuery(significanceQuery(evaluationId, a, b, refresh));
