import { formatUsd, totalCostUsd, type ApiRequest, type Metrics } from '@promptgrid/contract';

/**
 * A request's cost as shown: dollars, 'unknown' for a success whose model has no price, '—' while it has no usage
 * (not finished, or failed).
 */
export function requestCostText(request: Pick<ApiRequest, 'status' | 'cost_usd'> | undefined): string {
  if (request?.cost_usd != null) return formatUsd(request.cost_usd);
  return request?.status === 'SUCCESS' ? 'unknown' : '—';
}

type RunCost = Pick<Metrics, 'cost_usd' | 'cost_complete' | 'judge_cost_usd'>;

/**
 * The run's cost in all, calls and judging, as shown: dollars when every model had a price; 'at least' the known part
 * when some had none (or 'unknown' when nothing is known yet); 'unknown' for runs made before costs were recorded.
 */
export function runCostText({ cost_usd, cost_complete, judge_cost_usd }: RunCost): string {
  const total = totalCostUsd(cost_usd, judge_cost_usd);
  if (total === null) return 'unknown';
  if (cost_complete) return formatUsd(total);
  return total > 0 ? `at least ${formatUsd(total)}` : 'unknown';
}

/** The judge's part of a run's cost, to show beside the total; null when judging cost nothing. */
export const judgeCostText = ({ judge_cost_usd }: Pick<Metrics, 'judge_cost_usd'>): string | null =>
  judge_cost_usd ? formatUsd(judge_cost_usd) : null;
