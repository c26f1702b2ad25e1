import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.js';
import { GLOB_MAX_STARS, globMatcher } from './glob.js';

const matching = (pattern: string, names: string[]) => names.filter(globMatcher(pattern));

describe('globMatcher', () => {
  it('matches `*` within one folder, `**/` across any folders or none, and the rest literally', () => {
    const names = ['a.yaml', 'tests/a.yaml', 'tests/b.yml', 'tests/deep/c.yaml', 'tests/x.yaml.bak', 'other/a.yaml'];
    expect(matching('tests/*.yaml', names)).toEqual(['tests/a.yaml']);
    expect(matching('tests/**/*.yaml', names)).toEqual(['tests/a.yaml', 'tests/deep/c.yaml']);
    expect(matching('**/a.yaml', names)).toEqual(['a.yaml', 'tests/a.yaml', 'other/a.yaml']);
    expect(matching('*', names)).toEqual(['a.yaml']);
    expect(matching('tests/*.y*ml', names)).toEqual(['tests/a.yaml', 'tests/b.yml']);
    expect(matching('t?sts/(a).yaml', ['t?sts/(a).yaml', 'tests/a.yaml'])).toEqual(['t?sts/(a).yaml']);
    expect(matching('cases-😀*.csv', ['cases-😀1.csv', 'cases-1.csv'])).toEqual(['cases-😀1.csv']);
  });

  it('answers at once for stars over long names, which a backtracking regex takes seconds on', () => {
    // A backtracking regex of this glob tries every way to split each name between the stars: 5 s for these three.
    const started = performance.now();
    expect(matching('*a*a*a*a*a*a*a*b', ['a'.repeat(36) + 1, 'a'.repeat(36) + 2, 'a'.repeat(36) + 3])).toEqual([]);
    const longNames = Array.from({ length: 20 }, (_, n) => `${'a'.repeat(500)}${n}`);
    expect(matching('*a'.repeat(GLOB_MAX_STARS - 1) + '*b', longNames)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it(`refuses a glob of more than ${GLOB_MAX_STARS} stars with a 400 naming the limit`, () => {
    const pattern = '*a'.repeat(GLOB_MAX_STARS + 1);
    expect(() => globMatcher(pattern)).toThrow(HttpError);
    expect(() => globMatcher(pattern)).toThrow(`at most ${GLOB_MAX_STARS} are read`);
  });
});
