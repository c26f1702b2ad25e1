import type { QueryClient } from '@tanstack/react-query';
import { consistencyQuery, evidenceRefresh, judgeAgreementQuery } from './get-evidence';
import { preferenceQuery } from './get-preference';
import { significanceQuery } from './get-significance';
import { getSummaryQueryOptions } from './get-summary';

/**
 * Reads what the leaderboard shows of a run into the cache: its summary, then the evidence the summary leads to (the
 * lead's significance, consistency, judge agreement, blind votes), under the keys the leaderboard reads. Started once
 * the run's own documents are in, the server computes these while the browser lays those out, instead of after.
 */
export async function prefetchLeaderboard(queryClient: QueryClient, evaluationId: number): Promise<void> {
  const rows = await queryClient.fetchQuery(getSummaryQueryOptions(evaluationId, false));
  const refresh = evidenceRefresh(rows, false);
  // The server's order is best first, as the leaderboard compares its first two.
  const [leader, runnerUp] = rows;
  await Promise.all([
    leader && runnerUp
      ? queryClient.prefetchQuery(
          significanceQuery(evaluationId, runnerUp.configuration_id, leader.configuration_id, refresh),
        )
      : null,
    queryClient.prefetchQuery(consistencyQuery(evaluationId, refresh)),
    queryClient.prefetchQuery(judgeAgreementQuery(evaluationId, refresh)),
    queryClient.prefetchQuery(preferenceQuery(evaluationId)),
  ]);
}
