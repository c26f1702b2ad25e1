import { describe, expect, it } from 'vitest';
import { columnsFor } from './result-grid';

describe('columnsFor', () => {
  it('puts four prompts in one row on a 1440 px screen (a 1216 px content column)', () => {
    expect(columnsFor(1216, 4)).toBe(4);
  });

  it('spreads cards evenly over the rows they need', () => {
    expect(columnsFor(1216, 5)).toBe(3);
    expect(columnsFor(1216, 8)).toBe(4);
    expect(columnsFor(1216, 9)).toBe(3);
  });

  it('keeps one column on a phone and never more columns than cards', () => {
    expect(columnsFor(358, 4)).toBe(1);
    expect(columnsFor(1216, 2)).toBe(2);
    expect(columnsFor(0, 3)).toBe(1);
  });
});
