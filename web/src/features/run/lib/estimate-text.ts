import { formatUsd, type RunEstimate } from '@promptgrid/contract';

const count = (n: number) => n.toLocaleString('en-US');

/** 'about $X (at most $Y)': the likely cost, from earlier or typical output lengths, and the cost at max tokens. */
const aboutAtMost = (expected: number, max: number) => `about ${formatUsd(expected)} (at most ${formatUsd(max)})`;

/**
 * The confirm dialog's estimate line: the likely and the largest cost of the whole run, judge included (or why they are
 * unknown), and the tokens behind them.
 */
export function estimateText(estimate: RunEstimate, useMock: boolean): string {
  const tokens = `${count(estimate.input_tokens)} input tokens, up to ${count(estimate.max_output_tokens)} output tokens`;
  if (useMock) return `Estimated cost: ${formatUsd(0)}, mock calls are free (${tokens}).`;
  if (estimate.expected_cost === null || estimate.max_cost === null)
    return `Estimated cost: unknown, no price for ${estimate.unpriced_models.join(', ')} (${tokens}).`;
  return `Estimated cost: ${aboutAtMost(estimate.expected_cost, estimate.max_cost)} (${tokens}).`;
}

/** The judge's own line, when LLM-judge checks will score the outputs: its calls and their share of the cost. */
export function judgeEstimateText(estimate: RunEstimate, useMock: boolean): string | null {
  const { calls, expected_cost, max_cost } = estimate.judge;
  if (calls === 0 || useMock) return null;
  const judgeCalls = `${count(calls)} judge ${calls === 1 ? 'call' : 'calls'}`;
  if (expected_cost === null || max_cost === null) return `LLM judge: ${judgeCalls}, cost unknown.`;
  return `LLM judge: ${judgeCalls}, ${aboutAtMost(expected_cost, max_cost)}, included above.`;
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
