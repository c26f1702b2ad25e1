// How often a judge check agrees with people who rated the same outputs.
import normalQuantile from '@stdlib/stats-base-dists-normal-quantile';
import type { Interval } from './paired.js';

/** Counts of outputs by the judge's verdict (pass, fail) and the person's thumb (up, down). */
export type ConfusionMatrix = {
  judge_pass_human_up: number;
  judge_pass_human_down: number;
  judge_fail_human_up: number;
  judge_fail_human_down: number;
};

export function confusionMatrix(pairs: { judgePass: boolean; humanUp: boolean }[]): ConfusionMatrix {
  const matrix = { judge_pass_human_up: 0, judge_pass_human_down: 0, judge_fail_human_up: 0, judge_fail_human_down: 0 };
  for (const { judgePass, humanUp } of pairs) {
    if (judgePass) matrix[humanUp ? 'judge_pass_human_up' : 'judge_pass_human_down']++;
    else matrix[humanUp ? 'judge_fail_human_up' : 'judge_fail_human_down']++;
  }
  return matrix;
}

/**
 * Observed agreement, and Cohen's kappa (agreement beyond what the two raters' own pass shares give by chance) with
 * its 95% interval from Cohen's (1960) large-sample standard error, cut to kappa's range of -1 to 1 (on a few outputs
 * the normal approximation reaches past it, and "1.09" reads as a bug). Kappa is null when chance agreement is
 * already complete (both raters said the same thing every time), where it is undefined.
 */
export function cohensKappa(m: ConfusionMatrix): {
  agreement: number;
  kappa: number | null;
  interval: Interval | null;
} {
  const n = m.judge_pass_human_up + m.judge_pass_human_down + m.judge_fail_human_up + m.judge_fail_human_down;
  const observed = (m.judge_pass_human_up + m.judge_fail_human_down) / n;
  const judgePass = (m.judge_pass_human_up + m.judge_pass_human_down) / n;
  const humanUp = (m.judge_pass_human_up + m.judge_fail_human_up) / n;
  const chance = judgePass * humanUp + (1 - judgePass) * (1 - humanUp);
  if (chance === 1) return { agreement: observed, kappa: null, interval: null };
  const kappa = (observed - chance) / (1 - chance);
  const standardError = Math.sqrt((observed * (1 - observed)) / (n * (1 - chance) ** 2));
  const margin = normalQuantile(0.975, 0, 1) * standardError;
  return {
    agreement: observed,
    kappa,
    interval: { low: Math.max(-1, kappa - margin), high: Math.min(1, kappa + margin) },
  };
}
