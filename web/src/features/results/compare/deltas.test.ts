import { describe, expect, it } from 'vitest';
import { deltaLines, signed, statusLabel } from './deltas';

const delta = {
  execution_time: -0.123,
  input_tokens: 5,
  output_tokens: 0,
  cost_usd: null,
  mean_score: 0.25,
  checks_passed: null,
};

describe('compare deltas', () => {
  it('signs changes with a true minus and shows no change as ±0', () => {
    expect(signed(5)).toBe('+5');
    expect(signed(-3)).toBe('−3');
    expect(signed(0.001, 2, ' s')).toBe('±0 s');
    expect(signed(-0.126, 2, ' s')).toBe('−0.13 s');
  });

  it('lists the figures both runs have, marking which way is better', () => {
    expect(deltaLines({ delta })).toEqual([
      { label: 'Latency', value: '−0.12 s', tone: 'better' },
      { label: 'Input tokens', value: '+5', tone: 'worse' },
      { label: 'Output tokens', value: '±0', tone: 'same' },
      { label: 'Score', value: '+0.25', tone: 'better' },
    ]);
    expect(deltaLines({ delta: { ...delta, cost_usd: 0.0012 } })).toContainEqual({
      label: 'Cost',
      value: '+$0.0012',
      tone: 'worse',
    });
  });

  it('names statuses, and a missing side as not run', () => {
    expect(statusLabel('SUCCESS')).toBe('Success');
    expect(statusLabel(null)).toBe('Not run');
  });
});
