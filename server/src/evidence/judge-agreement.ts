// Can the judge be trusted? Each judge check's verdicts against people's thumbs on the same outputs.
import type { JudgeAgreement } from '@promptgrid/contract';
import { cohensKappa, confusionMatrix } from './agreement.js';
import type { RatedVerdict } from './cells.js';

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
