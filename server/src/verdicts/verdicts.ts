import { JUDGING_CANCELLED, type Rating, type Score } from '@promptgrid/contract';
import type { Db } from '../db/client.js';
import { readUnwrittenJudgements } from '../evaluations/judging/work.js';
import { readRatingsByRequest } from './ratings.js';
import { readScoresByRequest } from './scores.js';

/** judging: a judge has yet to score the output (its scores are not all there yet). */
export type Verdicts = { scores: Score[]; rating: Rating | null; judging: boolean };

/** A judgement a cancel stopped, shown among the output's verdicts as one that was not decided, and why. */
const cancelledJudgement = (checkId: number): Score => ({
  check_id: checkId,
  pass: null,
  score: null,
  reason: '',
  error: JUDGING_CANCELLED,
});

/** The scores and ratings of an evaluation's requests, to put on each request as it is listed. */
export async function readVerdicts(db: Db, evaluationId: number): Promise<(apiRequestId: number) => Verdicts> {
  const [scores, ratings, judgements] = await Promise.all([
    readScoresByRequest(db, evaluationId),
    readRatingsByRequest(db, evaluationId),
    readUnwrittenJudgements(db, evaluationId),
  ]);
  return (apiRequestId) => {
    const written = scores.get(apiRequestId) ?? [];
    const cancelled = judgements.cancelled.get(apiRequestId);
    return {
      scores: cancelled
        ? [...written, ...cancelled.map(cancelledJudgement)].sort((a, b) => a.check_id - b.check_id)
        : written,
      rating: ratings.get(apiRequestId) ?? null,
      judging: judgements.judging.has(apiRequestId),
    };
  };
}
