import { useQuery } from '@tanstack/react-query';
import { LIMITS, ROUTES, type PairedSignificance } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getSignificance = (evaluationId: number, a: number, b: number) =>
  api.get<PairedSignificance>(ROUTES.significance(evaluationId, a, b));

/** Configuration b against a (b − a) in one run; refetched with the leaderboard while the run is judged. */
export const useSignificance = (evaluationId: number, a: number, b: number, polling: boolean) =>
  useQuery({
    queryKey: queryKeys.evaluationSignificance(evaluationId, a, b),
    queryFn: () => getSignificance(evaluationId, a, b),
    refetchInterval: polling ? LIMITS.pollingIntervalMs : false,
  });
