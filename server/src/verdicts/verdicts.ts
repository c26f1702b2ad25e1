import type { Rating, Score } from '@promptgrid/contract';
import type { Db } from '../db/client.js';
import { readRatingsByRequest } from './ratings.js';
import { readScoresByRequest } from './scores.js';

export type Verdicts = { scores: Score[]; rating: Rating | null };

/** The scores and ratings of an evaluation's requests, to put on each request as it is listed. */
export async function readVerdicts(db: Db, evaluationId: number): Promise<(apiRequestId: number) => Verdicts> {
  const [scores, ratings] = await Promise.all([
    readScoresByRequest(db, evaluationId),
    readRatingsByRequest(db, evaluationId),
  ]);
  return (apiRequestId) => ({ scores: scores.get(apiRequestId) ?? [], rating: ratings.get(apiRequestId) ?? null });
}
