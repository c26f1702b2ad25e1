import { formatUsd, type ApiRequest, type Metrics } from '@promptgrid/contract';

/**
 * A request's cost as shown: dollars, 'unknown' for a success whose model has no price, '—' while it has no usage
 * (not finished, or failed).
 */
export function requestCostText(request: Pick<ApiRequest, 'status' | 'cost_usd'> | undefined): string {
  if (request?.cost_usd != null) return formatUsd(request.cost_usd);
  return request?.status === 'SUCCESS' ? 'unknown' : '—';
}

/**
 * The run's cost as shown: dollars when every model had a price; 'at least' the known part when some had none (or
 * 'unknown' when nothing is known yet); 'unknown' for runs made before costs were recorded.
 */
export function runCostText({ cost_usd, cost_complete }: Pick<Metrics, 'cost_usd' | 'cost_complete'>): string {
  if (cost_usd === null) return 'unknown';
  if (cost_complete) return formatUsd(cost_usd);
  return cost_usd > 0 ? `at least ${formatUsd(cost_usd)}` : 'unknown';
}
