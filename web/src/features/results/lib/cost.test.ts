import { describe, expect, it } from 'vitest';
import { judgeCostText, requestCostText, runCostText } from './cost';

describe('cost texts', () => {
  it('shows a request cost in dollars, unknown for a priceless success, a dash without usage', () => {
    expect(requestCostText({ status: 'SUCCESS', cost_usd: 0.00018 })).toBe('$0.00018');
    expect(requestCostText({ status: 'SUCCESS', cost_usd: null })).toBe('unknown');
    expect(requestCostText({ status: 'FAILED', cost_usd: null })).toBe('—');
    expect(requestCostText(undefined)).toBe('—');
  });
  it("shows the run's cost, a lower bound when some model has no price, unknown when nothing is known", () => {
    expect(runCostText({ cost_usd: 1.5, cost_complete: true, judge_cost_usd: null })).toBe('$1.50');
    expect(runCostText({ cost_usd: 0.25, cost_complete: false, judge_cost_usd: null })).toBe('at least $0.25');
    expect(runCostText({ cost_usd: 0, cost_complete: false, judge_cost_usd: null })).toBe('unknown');
    expect(runCostText({ cost_usd: null, cost_complete: true, judge_cost_usd: null })).toBe('unknown');
  });
  it("counts the judge's calls in the run's cost, and names the judge's part apart", () => {
    expect(runCostText({ cost_usd: 1.5, cost_complete: true, judge_cost_usd: 0.25 })).toBe('$1.75');
    expect(runCostText({ cost_usd: 0.25, cost_complete: false, judge_cost_usd: 0.5 })).toBe('at least $0.75');
    expect(judgeCostText({ judge_cost_usd: 0.25 })).toBe('$0.25');
    expect(judgeCostText({ judge_cost_usd: 0 })).toBeNull();
    expect(judgeCostText({ judge_cost_usd: null })).toBeNull();
  });
});
