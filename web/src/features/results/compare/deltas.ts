import type { ApiRequestStatus, ComparePair } from '@promptgrid/contract';

const STATUS_LABELS: Record<ApiRequestStatus, string> = {
  PENDING: 'Pending',
  IN_PROGRESS: 'In progress',
  SUCCESS: 'Success',
  FAILED: 'Failed',
};
export const statusLabel = (status: ApiRequestStatus | null) => (status === null ? 'Not run' : STATUS_LABELS[status]);

/** A signed change: '+5', '−3', '±0' (a true minus sign, so screen readers say "minus"). */
export function signed(value: number, decimals = 0, unit = ''): string {
  const rounded = Number(value.toFixed(decimals));
  if (rounded === 0) return `±0${unit}`;
  const text = Math.abs(rounded).toFixed(decimals);
  return `${rounded > 0 ? '+' : '−'}${text}${unit}`;
}

export type DeltaLine = { label: string; value: string; tone: 'better' | 'worse' | 'same' };

const tone = (value: number, lowerIsBetter: boolean, decimals: number): DeltaLine['tone'] => {
  const rounded = Number(value.toFixed(decimals));
  if (rounded === 0) return 'same';
  return rounded < 0 === lowerIsBetter ? 'better' : 'worse';
};

/** The figures that changed from base to head, as lines to show; the ones either side lacks are left out. */
export function deltaLines({ delta }: Pick<ComparePair, 'delta'>): DeltaLine[] {
  const lines: DeltaLine[] = [];
  const add = (label: string, value: number | null, decimals: number, lowerIsBetter: boolean, unit = '') => {
    if (value !== null)
      lines.push({ label, value: signed(value, decimals, unit), tone: tone(value, lowerIsBetter, decimals) });
  };
  add('Latency', delta.execution_time, 2, true, ' s');
  add('Input tokens', delta.input_tokens, 0, true);
  add('Output tokens', delta.output_tokens, 0, true);
  if (delta.cost_usd !== null)
    lines.push({
      label: 'Cost',
      value: signed(delta.cost_usd, 4).replace(/^([+−])/, '$1$'),
      tone: tone(delta.cost_usd, true, 4),
    });
  add('Score', delta.mean_score, 2, false);
  add('Checks passed', delta.checks_passed, 0, false);
  return lines;
}
