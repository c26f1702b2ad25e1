import { z } from 'zod';
import { Timestamp } from './common.js';
import { ApiRequestWithOutput, Evaluation, ResultsInput, Metrics, StatusCounts } from './evaluation.js';

/** GET /api/evaluations/{id}/share/: whether a link is live (its token cannot be shown again). */
export const ShareStatus = z.object({ shared: z.boolean(), created_at: Timestamp.nullable() });
export type ShareStatus = z.infer<typeof ShareStatus>;

/** Any text: a token that is malformed, unknown or revoked answers the same 404. */
export const ShareTokenParams = z.object({ token: z.string().max(200) });

/** A system prompt as a shared grid shows it: its name and model, not its prompt text or parameters. */
export const SharedConfiguration = z.object({
  id: z.number().int(),
  name: z.string(),
  ai_model: z.object({ company: z.enum(['openai', 'anthropic']), model_name: z.string() }),
});
export type SharedConfiguration = z.infer<typeof SharedConfiguration>;

/**
 * GET /api/shared/{token}/: one evaluation's grid for anyone holding the link — the inputs, the system prompts'
 * names and models, every request with its output, the metrics. Nothing else of the account.
 */
export const SharedEvaluation = z.object({
  evaluation: Evaluation.pick({ name: true, total_requests: true, created_at: true, completed_at: true }),
  configurations: z.array(SharedConfiguration),
  inputs: z.array(ResultsInput),
  // The prompt texts sent, the prompt versions and a person's ratings (with their notes) stay in the account.
  api_requests: z.array(
    ApiRequestWithOutput.omit({
      evaluation: true,
      attempts: true,
      configuration_version: true,
      system_prompt: true,
      user_prompt: true,
      scores: true,
      judging: true,
      rating: true,
      history: true,
      cost_usd: true,
      judge_cost_usd: true,
    }),
  ),
  // What the owner spent stays in the account too.
  metrics: Metrics.omit({ cost_usd: true, cost_complete: true, judge_cost_usd: true }),
  status_counts: StatusCounts,
});
export type SharedEvaluation = z.infer<typeof SharedEvaluation>;
