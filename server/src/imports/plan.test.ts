import { describe, expect, it } from 'vitest';
import { PlannedChecks, type PlannedCheck } from './plan.js';

const contains = (value: string, inputs: number[] | null, name = `Contains ${value}`): PlannedCheck => ({
  name,
  type: 'contains',
  value,
  ai_model_id: null,
  inputs,
});

describe('PlannedChecks', () => {
  it('merges checks of the same type, value and judge into one over their inputs, in the order first added', () => {
    const checks = new PlannedChecks();
    checks.add(contains('x', [4]));
    checks.add(contains('y', [0]));
    checks.add(contains('x', [1], 'Another name'));
    checks.add(contains('x', [4]));
    checks.add({ ...contains('x', [2]), type: 'not_contains' });
    checks.add({ ...contains('x', [3]), ai_model_id: 7 });
    expect(checks.list()).toEqual([
      contains('x', [1, 4]),
      contains('y', [0]),
      { ...contains('x', [2]), type: 'not_contains' },
      { ...contains('x', [3]), ai_model_id: 7 },
    ]);
  });

  it('makes a check of every input (null) once one of the merged checks is', () => {
    const checks = new PlannedChecks();
    checks.add(contains('x', [1]));
    checks.add(contains('x', null));
    checks.add(contains('x', [2]));
    checks.add(contains('y', null));
    checks.add(contains('y', [3]));
    expect(checks.list().map((check) => check.inputs)).toEqual([null, null]);
  });

  it('merges 20,000 rows of one check at once (copying and sorting the scope on each took 30 s)', () => {
    const checks = new PlannedChecks();
    const started = performance.now();
    for (let row = 19_999; row >= 0; row--) checks.add(contains('x', [row]));
    const [merged] = checks.list();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(merged?.inputs).toHaveLength(20_000);
    expect(merged?.inputs?.slice(0, 3)).toEqual([0, 1, 2]);
  });
});
