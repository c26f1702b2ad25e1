import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bradleyTerryWithIntervals,
  fitBradleyTerry,
  positionBias,
  toArenaScore,
  type PairwiseGame,
} from './preference.js';

/** `wins` games of a over b, `losses` of b over a and `ties`, all shown with a on the left. */
function games(a: number, b: number, wins: number, losses: number, ties = 0): PairwiseGame[] {
  return [
    ...Array<PairwiseGame>(wins).fill({ left: a, right: b, outcome: 'left' }),
    ...Array<PairwiseGame>(losses).fill({ left: a, right: b, outcome: 'right' }),
    ...Array<PairwiseGame>(ties).fill({ left: a, right: b, outcome: 'tie' }),
  ];
}

describe('Bradley-Terry strengths', () => {
  it('match the maximum-likelihood estimate SciPy finds on a known set, ties counted as half a win', () => {
    // SciPy 1.17: scipy.optimize.minimize(Nelder-Mead, xatol=1e-12) of the Bradley-Terry negative log-likelihood on
    // the win matrix [[0,7,9,6.5],[3,0,6,5],[1,4,0,4.5],[3.5,5,5.5,0]], centred:
    // [0.8341867, -0.1138579, -0.6064708, -0.1138579].
    const set = [
      ...games(0, 1, 7, 3),
      ...games(0, 2, 9, 1),
      ...games(0, 3, 6, 3, 1),
      ...games(1, 2, 6, 4),
      ...games(1, 3, 5, 5),
      ...games(2, 3, 4, 5, 1),
    ];
    const strengths = fitBradleyTerry(4, set);
    [0.8341867, -0.1138579, -0.6064708, -0.1138579].forEach((expected, i) =>
      expect(strengths[i]).toBeCloseTo(expected, 6),
    );
  });

  it('gives two configurations the log of their win ratio apart, whichever side they were shown on', () => {
    const [a, b] = fitBradleyTerry(2, [...games(0, 1, 6, 0), ...games(1, 0, 2, 0)]) as [number, number];
    expect(a - b).toBeCloseTo(Math.log(6 / 2), 9);
    expect(toArenaScore(a) - toArenaScore(b)).toBeCloseTo(400 * Math.log10(3), 9);
  });

  it('flips with the votes and gives equal strengths to configurations that beat each other equally', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 20 }), (wins, losses) => {
        const forward = fitBradleyTerry(2, games(0, 1, wins, losses));
        const backward = fitBradleyTerry(2, games(0, 1, losses, wins));
        expect(forward[0]).toBeCloseTo(backward[1]!, 9);
        const even = fitBradleyTerry(3, [...games(0, 1, wins, wins), ...games(1, 2, losses, losses)]);
        even.forEach((s) => expect(s).toBeCloseTo(0, 9));
      }),
    );
  });

  it('gives seeded intervals around each strength, the same on every call', () => {
    const votes = [...games(0, 1, 30, 10), ...games(1, 2, 20, 20), ...games(0, 2, 25, 15)];
    const prior = [...games(0, 1, 0, 0, 1), ...games(1, 2, 0, 0, 1), ...games(0, 2, 0, 0, 1)];
    const result = bradleyTerryWithIntervals(3, votes, prior);
    result.strengths.forEach((s, i) => {
      expect(result.intervals[i]!.low).toBeLessThan(s);
      expect(result.intervals[i]!.high).toBeGreaterThan(s);
    });
    expect(result.intervals[0]!.low).toBeGreaterThan(0);
    expect(bradleyTerryWithIntervals(3, votes, prior)).toEqual(result);
  });
});

describe('position bias', () => {
  it('gives the left share and the exact two-sided binomial p-value SciPy gives', () => {
    // SciPy 1.17: scipy.stats.binomtest(61, 100).pvalue = 0.035200200217704855; binomtest(7, 10).pvalue = 0.34375.
    expect(positionBias(61, 39)).toEqual({ share: 0.61, p_value: expect.closeTo(0.0352002002177, 10) as number });
    expect(positionBias(7, 3).p_value).toBeCloseTo(0.34375, 12);
    expect(positionBias(5, 5).p_value).toBe(1);
  });
});
