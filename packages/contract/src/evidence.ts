// Evidence about a run: whether a difference is real, how consistent repetitions are, whether a judge agrees with
// people, and how close outputs come to the expected ones.
import { z } from 'zod';
import { Id, Timestamp } from './common.js';

/** GET /api/evaluations/{id}/significance/: two configurations of the run, compared as b minus a. */
export const SignificanceQuery = z.object({ a: Id, b: Id });
export type SignificanceQuery = z.infer<typeof SignificanceQuery>;

/** A 95% confidence interval. */
export const Interval = z.object({ low: z.number(), high: z.number() });
export type Interval = z.infer<typeof Interval>;

/** In place of a statistic that cannot be computed: why, in words shown to the user. */
const Unavailable = z.object({ available: z.literal(false), reason: z.string() });

/** b_better / a_better only where the interval excludes 0 (and, across several comparisons, the Holm-adjusted p < 0.05). */
export const SIGNIFICANCE_VERDICTS = ['b_better', 'a_better', 'no_clear_difference'] as const;

/** Pass rates paired verdict by verdict: the same check on the same input (and repetition) for both sides. */
export const PassRateComparison = z.discriminatedUnion('available', [
  z.object({
    available: z.literal(true),
    paired_inputs: z.number().int(),
    paired_verdicts: z.number().int(),
    pass_rate_a: z.number(),
    pass_rate_b: z.number(),
    /** pass_rate_b − pass_rate_a, with its paired bootstrap interval (inputs resampled, seeded). */
    difference: z.number(),
    interval: Interval,
    both_passed: z.number().int(),
    only_a_passed: z.number().int(),
    only_b_passed: z.number().int(),
    neither_passed: z.number().int(),
    /** The exact McNemar test on the discordant verdicts (only_a_passed, only_b_passed). */
    p_value: z.number(),
    verdict: z.enum(SIGNIFICANCE_VERDICTS),
    /**
     * With no clear difference: about how many more inputs (at this run's verdicts per input) would show the observed
     * one; null if none seen.
     */
    more_cases_needed: z.number().int().nullable(),
  }),
  Unavailable,
]);
export type PassRateComparison = z.infer<typeof PassRateComparison>;

/** A p-value below this, with an interval that excludes 0, makes a pass-rate difference "better" or "worse". */
export const SIGNIFICANCE_LEVEL = 0.05;

/**
 * The two rules a pass-rate difference must meet to count as real, each on its own, so a verdict of no clear
 * difference can say which one failed. `pValue` is the comparison's own, or its Holm-adjusted one.
 */
export function passRateRules(
  result: Pick<Extract<PassRateComparison, { available: true }>, 'interval' | 'p_value'>,
  pValue = result.p_value,
) {
  return {
    intervalExcludesZero: result.interval.low > 0 || result.interval.high < 0,
    pValueBelowLevel: pValue < SIGNIFICANCE_LEVEL,
  };
}

/** The median over inputs of b − a (seconds of latency, or USD of cost), with its bootstrap interval. */
export const MedianComparison = z.discriminatedUnion('available', [
  z.object({ available: z.literal(true), paired_inputs: z.number().int(), difference: z.number(), interval: Interval }),
  Unavailable,
]);
export type MedianComparison = z.infer<typeof MedianComparison>;

export const PairedSignificance = z.object({
  a: z.number().int(),
  b: z.number().int(),
  pass_rate: PassRateComparison,
  latency: MedianComparison,
  cost: MedianComparison,
});
export type PairedSignificance = z.infer<typeof PairedSignificance>;

/**
 * GET /api/evaluations/compare/significance/: each configuration both runs ran, base as a and head as b; p-values
 * adjusted together (Holm), and a verdict says "better" only where that adjusted p-value is below 0.05 as well.
 */
export const RunSignificance = z.object({
  base: z.number().int(),
  head: z.number().int(),
  configurations: z.array(
    z.object({
      configuration_id: z.number().int(),
      name: z.string(),
      significance: PairedSignificance,
      adjusted_p_value: z.number().nullable(),
    }),
  ),
});
export type RunSignificance = z.infer<typeof RunSignificance>;

/** One check on one input that both passed and failed over the repetitions; label reads "3/5". */
export const FlakyCase = z.object({
  input_id: z.number().int().nullable(),
  check_id: z.number().int(),
  passed: z.number().int(),
  runs: z.number().int(),
  label: z.string(),
});
export type FlakyCase = z.infer<typeof FlakyCase>;

export const ConfigurationConsistency = z.object({
  configuration_id: z.number().int(),
  consistency: z.discriminatedUnion('available', [
    z.object({
      available: z.literal(true),
      k: z.number().int(),
      /** Cases (a check on an input) with a verdict from every repetition. */
      cases: z.number().int(),
      /** Share of cases that passed in at least one of the k repetitions. */
      pass_at_k: z.number(),
      /** Share of cases that passed in all k repetitions. */
      pass_hat_k: z.number(),
      flaky_cases: z.array(FlakyCase),
    }),
    Unavailable,
  ]),
});

/** How a cell's repeated outputs differ: distinct texts and mean pairwise similarity (1 − normalised edit distance). */
export const CellVariability = z.object({
  input_id: z.number().int().nullable(),
  configuration_id: z.number().int(),
  outputs: z.number().int(),
  distinct_outputs: z.number().int(),
  mean_pairwise_similarity: z.number(),
});

/** GET /api/evaluations/{id}/consistency/ */
export const EvaluationConsistency = z.object({
  repetitions: z.number().int(),
  configurations: z.array(ConfigurationConsistency),
  cells: z.array(CellVariability),
});
export type EvaluationConsistency = z.infer<typeof EvaluationConsistency>;

export const JudgeConfusion = z.object({
  judge_pass_human_up: z.number().int(),
  judge_pass_human_down: z.number().int(),
  judge_fail_human_up: z.number().int(),
  judge_fail_human_down: z.number().int(),
});

/** An output the judge and the person rated differently: what to read to fix the rubric. */
export const JudgeDisagreement = z.object({
  api_request: z.number().int(),
  input_id: z.number().int().nullable(),
  configuration_id: z.number().int(),
  judge_pass: z.boolean(),
  human_rating: z.union([z.literal(1), z.literal(-1)]),
  judge_reason: z.string(),
});

export const CheckAgreement = z.object({
  check_id: z.number().int(),
  name: z.string(),
  agreement: z.discriminatedUnion('available', [
    z.object({
      available: z.literal(true),
      rated_outputs: z.number().int(),
      percent_agreement: z.number(),
      /** null (with kappa_reason) where chance agreement is already complete. */
      kappa: z.number().nullable(),
      kappa_interval: Interval.nullable(),
      kappa_reason: z.string().nullable(),
      confusion: JudgeConfusion,
      disagreements: z.array(JudgeDisagreement),
    }),
    Unavailable,
  ]),
});

/** GET /api/evaluations/{id}/judge-agreement/: per judge check of the run's project. */
export const JudgeAgreement = z.object({ checks: z.array(CheckAgreement) });
export type JudgeAgreement = z.infer<typeof JudgeAgreement>;

/** GET /api/evaluations/{id}/similarity/: each output against its input's expected output. */
export const OutputSimilarity = z.object({
  cells: z.array(
    z.object({
      api_request: z.number().int(),
      input_id: z.number().int().nullable(),
      configuration_id: z.number().int(),
      repetition: z.number().int(),
      /** 1 − edit distance / the longer text's length. */
      similarity: z.number(),
    }),
  ),
  /** Why there are no cells, when there are none. */
  reason: z.string().nullable(),
});
export type OutputSimilarity = z.infer<typeof OutputSimilarity>;

/** GET /api/evaluations/{id}/preference/: what the run's blind votes say. */
export const VotePreference = z.object({
  votes: z.number().int(),
  /**
   * Of the votes that picked a side, the share that picked the left one, with the exact binomial p-value of "no side
   * preferred": voters who favour a position make a side-balanced session necessary.
   */
  position_bias: z.discriminatedUnion('available', [
    z.object({
      available: z.literal(true),
      decisive_votes: z.number().int(),
      left_chosen: z.number().int(),
      left_share: z.number(),
      p_value: z.number(),
    }),
    Unavailable,
  ]),
  /** Best first by score; configurations without votes last. */
  configurations: z.array(
    z.object({
      configuration_id: Id,
      votes: z.number().int(),
      won: z.number().int(),
      lost: z.number().int(),
      tied: z.number().int(),
      both_bad: z.number().int(),
      /** (won + (tied + both_bad) / 2) / votes; null without votes. */
      win_rate: z.number().nullable(),
      /**
       * Bradley-Terry strength on the Elo scale (1000 is the mean configuration; 400 more is 10:1 odds of being
       * preferred), with its seeded bootstrap 95% interval; null without votes.
       */
      score: z.number().nullable(),
      interval: Interval.nullable(),
    }),
  ),
});
export type VotePreference = z.infer<typeof VotePreference>;

/** One run of a configuration on a project's trend: its pass rate in that run. */
export const TrendPoint = z.object({
  evaluation_id: Id,
  evaluation_name: z.string(),
  /** How many system prompts and inputs the run compared: a run left with the default name is shown by them. */
  run_size: z.object({ prompts: z.number().int(), inputs: z.number().int() }),
  created_at: Timestamp,
  configuration_id: Id,
  /** The configuration's version the run sent; null for runs made before versions were kept. */
  version: z.number().int().nullable(),
  pass_rate: z.number(),
  checks_passed: z.number().int(),
  checks_total: z.number().int(),
  /** A mock run's outputs are canned: its pass rate says nothing about the prompt. */
  use_mock: z.boolean(),
});
export type TrendPoint = z.infer<typeof TrendPoint>;

/** GET /api/projects/{id}/trends/?include_mock=true: mock runs are left out unless asked for. */
export const TrendsQuery = z.object({
  include_mock: z
    .enum(['true', 'false'], { error: 'include_mock must be true or false.' })
    .default('false')
    .transform((value) => value === 'true'),
});
export type TrendsQuery = z.infer<typeof TrendsQuery>;

/**
 * GET /api/projects/{id}/trends/: pass rate per configuration (by name, across its versions) over the project's latest
 * runs (mock runs only with include_mock), oldest first; a run without check verdicts for a configuration adds no
 * point.
 */
export const ProjectTrends = z.object({
  /** How many of the latest runs were read (at most TREND_RUNS). */
  runs: z.number().int(),
  series: z.array(z.object({ name: z.string(), points: z.array(TrendPoint) })),
});
export type ProjectTrends = z.infer<typeof ProjectTrends>;
/** A trend reads this many of the project's latest runs. */
export const TREND_RUNS = 50;
