// Can the judge be trusted? Each judge check's verdicts against people's thumbs on the same outputs.
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { JudgeAgreement } from '@promptgrid/contract';
import type { Db } from '../db/client.js';
import { apiRequests, checks, ratings, scores } from '../db/schema.js';
import { cohensKappa, confusionMatrix } from './agreement.js';

/** One output both a judge check scored and a person rated. */
export type RatedVerdict = {
  apiRequestId: number;
  inputId: number | null;
  configurationId: number;
  checkId: number;
  judgePass: boolean;
  reason: string;
  rating: number;
};

/** The project's judge checks, in the order they were made. */
export function readJudgeChecks(db: Db, projectId: number) {
  return db
    .select({ id: checks.id, name: checks.name })
    .from(checks)
    .where(and(eq(checks.projectId, projectId), eq(checks.type, 'llm_judge')))
    .orderBy(asc(checks.id));
}

/** Every verdict of the run on an output a person rated (the caller keeps the judge checks' ones). */
export async function readRatedVerdicts(db: Db, evaluationId: number): Promise<RatedVerdict[]> {
  const rows = await db
    .select({
      apiRequestId: scores.apiRequestId,
      inputId: apiRequests.inputId,
      configurationId: apiRequests.configurationId,
      checkId: scores.checkId,
      judgePass: scores.pass,
      reason: scores.reason,
      rating: ratings.rating,
    })
    .from(scores)
    .innerJoin(ratings, eq(ratings.apiRequestId, scores.apiRequestId))
    .innerJoin(apiRequests, eq(apiRequests.id, scores.apiRequestId))
    .where(and(eq(scores.evaluationId, evaluationId), isNotNull(scores.pass)))
    .orderBy(asc(scores.apiRequestId));
  return rows.map((row) => ({ ...row, judgePass: row.judgePass! }));
}

/** Fewer rated outputs make kappa and its interval noise (one output gives 0 or 1); the answer says so instead. */
export const MIN_RATED_FOR_KAPPA = 5;

function kappaReason(rated: number, kappa: number | null): string | null {
  if (rated < MIN_RATED_FOR_KAPPA)
    return `Kappa needs at least ${MIN_RATED_FOR_KAPPA} rated outputs (${rated} so far).`;
  return kappa === null ? 'Kappa is undefined: the judge or the people gave the same verdict every time.' : null;
}

/** Per judge check: agreement, kappa with its interval, the confusion matrix and the outputs they disagree on. */
export function summariseAgreement(judgeChecks: { id: number; name: string }[], rated: RatedVerdict[]): JudgeAgreement {
  return {
    checks: judgeChecks.map(({ id, name }) => {
      const mine = rated.filter((r) => r.checkId === id);
      if (mine.length === 0)
        return {
          check_id: id,
          name,
          agreement: { available: false, reason: 'No output this judge scored has been rated by a person yet.' },
        };
      const confusion = confusionMatrix(mine.map((r) => ({ judgePass: r.judgePass, humanUp: r.rating === 1 })));
      const { agreement, kappa, interval } = cohensKappa(confusion);
      const enough = mine.length >= MIN_RATED_FOR_KAPPA;
      return {
        check_id: id,
        name,
        agreement: {
          available: true,
          rated_outputs: mine.length,
          percent_agreement: agreement * 100,
          kappa: enough ? kappa : null,
          kappa_interval: enough ? interval : null,
          kappa_reason: kappaReason(mine.length, kappa),
          confusion,
          disagreements: mine
            .filter((r) => r.judgePass !== (r.rating === 1))
            .map((r) => ({
              api_request: r.apiRequestId,
              input_id: r.inputId,
              configuration_id: r.configurationId,
              judge_pass: r.judgePass,
              human_rating: r.rating === 1 ? (1 as const) : (-1 as const),
              judge_reason: r.reason,
            })),
        },
      };
    }),
  };
}
