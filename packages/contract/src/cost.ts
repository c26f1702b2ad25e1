import { z } from 'zod';

/**
 * A model's published price in US dollars per million tokens, with the day it was read and where. A model whose price
 * is not known has none (null): its cost is shown as unknown, never guessed.
 */
export const ModelPrice = z.object({
  input_per_mtok: z.number().nonnegative(),
  output_per_mtok: z.number().nonnegative(),
  as_of: z.iso.date(),
  source: z.string().min(1),
});
export type ModelPrice = z.infer<typeof ModelPrice>;

/** What one call cost from its usage; null without a price or without usage. */
export function callCostUsd(
  price: Pick<ModelPrice, 'input_per_mtok' | 'output_per_mtok'> | null | undefined,
  inputTokens: number | null,
  outputTokens: number | null,
): number | null {
  if (!price || inputTokens === null || outputTokens === null) return null;
  return (inputTokens * price.input_per_mtok + outputTokens * price.output_per_mtok) / 1_000_000;
}

/**
 * A run's (or a request's) cost in all: its calls and the judging of their outputs. Null when the calls' cost is not
 * known: a judge's part alone would read as the whole.
 */
export const totalCostUsd = (callsUsd: number | null, judgeUsd: number | null): number | null =>
  callsUsd === null ? null : callsUsd + (judgeUsd ?? 0);

/**
 * Dollars as people read them: at least two decimals ($0.50, $12.00, $1,234.50) and up to six for small amounts
 * ($0.000125), so a fraction of a cent does not read as $0.00.
 */
export const formatUsd = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`;

/** The message every request a budget stopped ends with. */
export const budgetStopMessage = (budgetUsd: number) =>
  `Stopped: the run reached its budget of ${formatUsd(budgetUsd)}.`;

/** POST /api/run-evaluation/estimate/: what a run would send and cost, before it starts. */
export const RunEstimate = z.object({
  /** The calls the run makes: configurations x inputs (at least one) x repetitions. */
  calls: z.number().int(),
  /** Input tokens over all calls: the filled-in prompts counted with each model's tokenizer, chat framing included. */
  input_tokens: z.number().int(),
  /** Output tokens over all calls if every call wrote its configuration's max tokens (the model's default if empty). */
  max_output_tokens: z.number().int(),
  /** The input tokens' cost alone (every reply empty); null when some model of the run has no known price. */
  cost_usd_min: z.number().nullable(),
  /** The input tokens' cost plus max_output_tokens at the output price; null as cost_usd_min. */
  cost_usd_max: z.number().nullable(),
  /** Models of the run without a known price (their calls make the cost unknown), the judges' included. */
  unpriced_models: z.array(z.string()),
  /**
   * What the run will likely cost, the judge included: each call writing its expected output tokens (see
   * assumptions); null when a model of the run or a judge has no known price.
   */
  expected_cost: z.number().nullable(),
  /** What the run can cost at most, the judge included: cost_usd_max plus judge.max_cost; null as expected_cost. */
  max_cost: z.number().nullable(),
  /** The llm_judge checks' share: one judge call per output and active judge check that covers its input. */
  judge: z.object({
    calls: z.number().int(),
    /** Each judgement answering once, with a verdict of typical length, on an output of the expected length. */
    expected_cost: z.number().nullable(),
    /** Each judgement answering once at the judge's max tokens, on an output of the configuration's max tokens. */
    max_cost: z.number().nullable(),
  }),
  /** What expected_cost and max_cost assumed, per configuration of the run. */
  assumptions: z.array(
    z.object({
      configuration: z.number().int(),
      /** Output tokens each call is expected to write: the median of its earlier outputs, else the typical length. */
      expected_output_tokens: z.number().int(),
      /** The 90th percentile of its earlier outputs; null when there are none. */
      p90_output_tokens: z.number().int().nullable(),
      /** Where expected_output_tokens comes from: how many earlier real outputs, or the model family's typical length. */
      source: z.enum(['earlier_outputs', 'typical_length']),
      earlier_outputs: z.number().int(),
      /** The most output tokens a call can be billed for: what max_cost assumes every call writes. */
      max_output_tokens: z.number().int(),
    }),
  ),
});
export type RunEstimate = z.infer<typeof RunEstimate>;
