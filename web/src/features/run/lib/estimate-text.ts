import { formatUsd, type RunEstimate } from '@promptgrid/contract';

const count = (n: number) => n.toLocaleString('en-US');

/** The confirm dialog's estimate line: the cost bounds (or why they are unknown) and the tokens behind them. */
export function estimateText(estimate: RunEstimate, useMock: boolean): string {
  const tokens = `${count(estimate.input_tokens)} input tokens, up to ${count(estimate.max_output_tokens)} output tokens`;
  if (useMock) return `Estimated cost: ${formatUsd(0)}, mock calls are free (${tokens}).`;
  if (estimate.cost_usd_min === null || estimate.cost_usd_max === null)
    return `Estimated cost: unknown, no price for ${estimate.unpriced_models.join(', ')} (${tokens}).`;
  return `Estimated cost: ${formatUsd(estimate.cost_usd_min)} to ${formatUsd(estimate.cost_usd_max)} (${tokens}).`;
}

/** Said after the estimate when Anthropic models run: their token counts are an approximation. */
export const ANTHROPIC_ESTIMATE_NOTE = 'Anthropic token counts are approximate (3.5 characters per token).';

/** The budget field's value as dollars: undefined when empty, an error message when it is not a positive amount. */
export function parseBudget(text: string): { budget?: number; error?: string } {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  const budget = Number(trimmed);
  if (!Number.isFinite(budget) || budget <= 0) return { error: 'Budget must be more than $0.' };
  if (budget > 1_000_000) return { error: 'Budget must be at most $1,000,000.' };
  return { budget };
}
