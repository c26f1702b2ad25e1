import { describe, expect, it } from 'vitest';
import { seededSample } from './sample';

const ids = Array.from({ length: 500 }, (_, index) => index + 1);

describe('seededSample', () => {
  it('picks the same ids for the same seed and size, whatever the order of the pool', () => {
    const first = seededSample(ids, 20, 'project 7');
    expect(first).toHaveLength(20);
    expect(new Set(first).size).toBe(20);
    expect(seededSample([...ids].reverse(), 20, 'project 7')).toEqual(first);
    expect(seededSample(ids, 20, 'project 8')).not.toEqual(first);
  });

  it('takes every id when asked for more than there are, and none for zero', () => {
    expect(seededSample([3, 1, 2], 10, 'seed')).toEqual([1, 2, 3]);
    expect(seededSample(ids, 0, 'seed')).toEqual([]);
  });

  it('spreads over the whole pool', () => {
    const picked = seededSample(ids, 100, 'spread');
    expect(picked.filter((id) => id <= 250).length).toBeGreaterThan(30);
    expect(picked.filter((id) => id > 250).length).toBeGreaterThan(30);
  });
});
