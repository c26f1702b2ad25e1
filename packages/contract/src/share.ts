import { ModelCompany } from './ai-model.js';
import { z } from 'zod';
import { Timestamp } from './common.js';
import { ApiRequestWithOutput, Evaluation, ResultsInput, Metrics, StatusCounts } from './evaluation.js';

/** GET /api/evaluations/{id}/share/: whether a link is live (its token cannot be shown again). */
export const ShareStatus = z.object({ shared: z.boolean(), created_at: Timestamp.nullable() });
export type ShareStatus = z.infer<typeof ShareStatus>;

/** Any text: a token that is malformed, unknown or revoked answers the same 404. */
export const ShareTokenParams = z.object({ token: z.string().max(200) });

const SHARE_TOKEN_IN_PATH = /(\/(?:api\/)?shared?\/)[^/?#\s]+/gi;
/**
 * A path or URL with every share token replaced by `[redacted]` (`/share/{token}`, `/api/shared/{token}/`), for logs
 * and analytics: whoever reads those must not be able to open the grid. Percent-encoded spellings are decoded first,
 * so `/%73hare/{token}` is caught too; a text without a token is returned as it was.
 */
export function redactShareTokens(url: string): string {
  let decoded = url;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    // Not valid percent-encoding: look at it as written.
  }
  const redacted = decoded.replace(SHARE_TOKEN_IN_PATH, '$1[redacted]');
  return redacted === decoded ? url : redacted;
}

/** A system prompt as a shared grid shows it: its name and model, not its prompt text or parameters. */
export const SharedConfiguration = z.object({
  id: z.number().int(),
  name: z.string(),
  ai_model: z.object({ company: ModelCompany, model_name: z.string() }),
});
export type SharedConfiguration = z.infer<typeof SharedConfiguration>;

/**
 * GET /api/shared/{token}/: one evaluation's grid for anyone holding the link — the inputs, the system prompts'
 * names and models, every request with its output, the metrics. Nothing else of the account.
 */
export const SharedEvaluation = z.object({
  // use_mock: a mock run's page says its scores do not measure the prompts.
  evaluation: Evaluation.pick({
    name: true,
    use_mock: true,
    total_requests: true,
    created_at: true,
    completed_at: true,
  }),
  configurations: z.array(SharedConfiguration),
  inputs: z.array(ResultsInput),
  // The prompt texts sent, the prompt versions and a person's ratings (with their notes) stay in the account, and so
  // do error messages: a provider's names the owner's organisation, a budget stop the owner's budget.
  api_requests: z.array(
    ApiRequestWithOutput.omit({
      error_message: true,
      evaluation: true,
      attempts: true,
      configuration_version: true,
      system_prompt: true,
      user_prompt: true,
      messages: true,
      scores: true,
      judging: true,
      rating: true,
      history: true,
      cost_usd: true,
      judge_cost_usd: true,
    }),
  ),
  // What the owner spent stays in the account too.
  metrics: Metrics.omit({ cost_usd: true, cost_complete: true, judge_cost_usd: true, total_cost_usd: true }),
  status_counts: StatusCounts,
});
export type SharedEvaluation = z.infer<typeof SharedEvaluation>;
