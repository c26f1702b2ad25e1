import { z } from 'zod';
import { Id, Timestamp } from './common.js';

/**
 * One check's verdict on one output. A rule check always decides (pass, score 1 or 0); a judge's verdict may end
 * as an error instead, with pass and score null.
 */
export const Score = z.object({
  check_id: Id,
  pass: z.boolean().nullable(),
  /** 0..1 */
  score: z.number().min(0).max(1).nullable(),
  reason: z.string(),
  error: z.string().nullable(),
});
export type Score = z.infer<typeof Score>;

/** The error of a judge's verdict that a cancel stopped before it was written (a re-run judges the output again). */
export const JUDGING_CANCELLED = 'Judging cancelled';

export const RATING_NOTE_MAX_LENGTH = 2000;

/** A person's thumbs up (1) or down (-1) on one output, with an optional note. */
export const Rating = z.object({ rating: z.union([z.literal(1), z.literal(-1)]), note: z.string() });
export type Rating = z.infer<typeof Rating>;

/** 0 clears the rating. */
export const SaveRatingInput = z.object({
  rating: z.union([z.literal(1), z.literal(-1), z.literal(0)], { error: 'Rating must be 1, -1 or 0.' }),
  note: z
    .string()
    .trim()
    .max(RATING_NOTE_MAX_LENGTH, { error: `Note must be at most ${RATING_NOTE_MAX_LENGTH} characters.` })
    .default(''),
});
export type SaveRatingInput = z.infer<typeof SaveRatingInput>;

export const SavedRating = z.object({ api_request_id: Id, rating: Rating.nullable() });
export type SavedRating = z.infer<typeof SavedRating>;

/** both_bad: neither answer is acceptable; for ranking it counts as a tie (neither side preferred). */
export const VOTE_WINNERS = ['left', 'right', 'tie', 'both_bad'] as const;
export type VoteWinner = (typeof VOTE_WINNERS)[number];

/** A blind pairwise vote: two outputs of one input from two configurations, shown left and right. */
export const CastVoteInput = z.object({
  input_id: z.number({ error: 'input_id is required.' }).int().positive(),
  left_request_id: z.number({ error: 'left_request_id is required.' }).int().positive(),
  right_request_id: z.number({ error: 'right_request_id is required.' }).int().positive(),
  winner: z.enum(VOTE_WINNERS, { error: 'Winner must be left, right, tie or both_bad.' }),
});
export type CastVoteInput = z.infer<typeof CastVoteInput>;

export const Vote = CastVoteInput.extend({ id: Id, evaluation: Id, created_at: Timestamp });
export type Vote = z.infer<typeof Vote>;

/** One configuration's line of the leaderboard. Rates are null until there is something to divide by. */
export const ConfigurationSummary = z.object({
  configuration_id: Id,
  requests: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  checks_passed: z.number().int(),
  /** Scores with a verdict (a judge's error is not counted). */
  checks_total: z.number().int(),
  pass_rate: z.number().nullable(),
  mean_score: z.number().nullable(),
  /** Each check's verdicts on this configuration's outputs, in the order of the checks' ids. */
  checks: z.array(
    z.object({ check_id: Id, passed: z.number().int(), total: z.number().int(), pass_rate: z.number().nullable() }),
  ),
  /** Seconds, over the successful requests. */
  average_execution_time: z.number().nullable(),
  /** What its calls cost in USD (judging apart); null when none has a known price. */
  cost_usd: z.number().nullable(),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  /** The llm_judge checks' own usage on this configuration's outputs, apart from the run's tokens above. */
  judge_input_tokens: z.number().int(),
  judge_output_tokens: z.number().int(),
  rating_up: z.number().int(),
  rating_down: z.number().int(),
  votes_won: z.number().int(),
  votes_lost: z.number().int(),
  votes_tied: z.number().int(),
  /** (won + tied / 2) / votes; a "both bad" vote counts as tied. */
  win_rate: z.number().nullable(),
  /**
   * What a reader must know before ranking: MOCK_OUTPUTS_NOTE on a mock run (its scores do not measure the prompts),
   * as the run's downloads say it first; null for a real run.
   */
  notice: z.string().nullable(),
});
export type ConfigurationSummary = z.infer<typeof ConfigurationSummary>;

export const RescoreResponse = z.object({
  scored_requests: z.number().int(),
  /** Rule verdicts written at once. */
  scores: z.number().int(),
  /** llm_judge verdicts queued: the workers write them, and the run is complete again once they have. */
  judgements_queued: z.number().int(),
});
export type RescoreResponse = z.infer<typeof RescoreResponse>;

/**
 * An unsaved rule check's verdict on each output of an evaluation it applies to; pass and score are null, and error
 * says why, when the rule could not decide on that output.
 */
export const CheckPreview = z.array(
  z.object({
    api_request_id: Id,
    pass: z.boolean().nullable(),
    score: z.number().min(0).max(1).nullable(),
    reason: z.string(),
    error: z.string().optional(),
  }),
);
export type CheckPreview = z.infer<typeof CheckPreview>;
