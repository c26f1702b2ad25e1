import type { Rating, Score } from '@promptgrid/contract';
import type { Db } from '../db/client.js';
import { readJudgingRequests } from './judge-tasks.js';
import { readRatingsByRequest } from './ratings.js';
import { readScoresByRequest } from './scores.js';

/** judging: a judge has yet to score the output (its scores are not all there yet). */
export type Verdicts = { scores: Score[]; rating: Rating | null; judging: boolean };

/** The scores and ratings of an evaluation's requests, to put on each request as it is listed. */
export async function readVerdicts(db: Db, evaluationId: number): Promise<(apiRequestId: number) => Verdicts> {
  const [scores, ratings, judging] = await Promise.all([
    readScoresByRequest(db, evaluationId),
    readRatingsByRequest(db, evaluationId),
    readJudgingRequests(db, evaluationId),
  ]);
  return (apiRequestId) => ({
    scores: scores.get(apiRequestId) ?? [],
    rating: ratings.get(apiRequestId) ?? null,
    judging: judging.has(apiRequestId),
  });
}
