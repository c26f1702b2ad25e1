import { z } from 'zod';
import { BodyId, Timestamp } from './common.js';
import { LIMITS } from './constants.js';
import { ToolCall } from './tools.js';

/** The error message of every request a cancel ended, whether it had not started or was running. */
export const CANCELLED_MESSAGE = 'Cancelled.';

/** An earlier outcome of a request that was re-run, newest first in ApiRequest.history. */
export const PreviousOutcome = z.object({
  status: z.enum(['SUCCESS', 'FAILED']),
  output: z.string().nullable(),
  /** The tools the model asked to call with that output. */
  tool_calls: z.array(ToolCall),
  error_message: z.string().nullable(),
  execution_time: z.number().nullable(),
  input_token_total_count: z.number().int().nullable(),
  output_token_count: z.number().int().nullable(),
  finished_at: Timestamp,
});
export type PreviousOutcome = z.infer<typeof PreviousOutcome>;

/** POST /api/evaluations/{id}/cancel/: how many requests the cancel ended. */
export const CancelEvaluationResponse = z.object({
  evaluation_id: z.number().int(),
  cancelled_requests: z.number().int(),
});
export type CancelEvaluationResponse = z.infer<typeof CancelEvaluationResponse>;

/**
 * POST /api/evaluations/{id}/rerun/: which finished requests run again. Without request_ids every request of the run;
 * failed_only keeps the FAILED ones among them.
 */
export const RerunEvaluationInput = z.object({
  request_ids: z
    .array(BodyId, { error: 'request_ids must be a list of ids.' })
    .min(1, { error: 'Choose at least one request to re-run.' })
    .max(LIMITS.runMaxRequests)
    .optional(),
  failed_only: z.boolean({ error: 'failed_only must be true or false.' }).default(false),
});
export type RerunEvaluationInput = z.infer<typeof RerunEvaluationInput>;

export const RerunEvaluationResponse = z.object({
  evaluation_id: z.number().int(),
  /** Requests put back to PENDING. */
  rerun_requests: z.number().int(),
});
export type RerunEvaluationResponse = z.infer<typeof RerunEvaluationResponse>;
