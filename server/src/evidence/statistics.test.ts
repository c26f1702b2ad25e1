import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cohensKappa, confusionMatrix } from './agreement.js';
import { exactMcNemar, holmAdjust, mcNemarSampleSize, medianDifference, passRateDifference } from './paired.js';
import { summariseAgreement } from './judge-agreement.js';
import { isFlaky, outputVariability, passAtK, passHatK, similarity } from './repetitions.js';

const oneVerdictEach = (differences: number[]) => differences.map((difference) => ({ pairs: 1, difference }));

describe('paired comparison', () => {
  it('gives exact McNemar p-values equal to the two-sided exact binomial test', () => {
    // SciPy 1.17: scipy.stats.binomtest(k, n, 0.5).pvalue, as R's mcnemar.exact / binom.test(k, n).
    expect(exactMcNemar(2, 10)).toBeCloseTo(0.03857421875, 12);
    expect(exactMcNemar(10, 2)).toBeCloseTo(0.03857421875, 12);
    expect(exactMcNemar(0, 5)).toBeCloseTo(0.0625, 12);
    expect(exactMcNemar(59, 101)).toBeCloseTo(0.0011229051962340462, 10);
    expect(exactMcNemar(0, 0)).toBe(1);
  });

  it('gives a seeded bootstrap interval of the pass-rate difference close to SciPy, the same on every call', () => {
    // 40 inputs: B alone passed 9, A alone passed 3, the rest agreed. SciPy 1.17:
    // scipy.stats.bootstrap((d,), np.mean, n_resamples=20000, method='percentile') -> (0.0, 0.3).
    const inputs = oneVerdictEach([...Array(9).fill(1), ...Array(3).fill(-1), ...Array(28).fill(0)]);
    const result = passRateDifference(inputs);
    expect(result.difference).toBeCloseTo(0.15, 12);
    expect(result.interval.low).toBeCloseTo(0, 1);
    expect(result.interval.high).toBeCloseTo(0.3, 1);
    expect(passRateDifference(inputs)).toEqual(result);
  });

  it('gives the median latency difference with its exact distribution-free interval', () => {
    const differences = [
      0.12, -0.05, 0.3, 0.22, 0.08, -0.1, 0.41, 0.15, 0.02, 0.27, 0.19, -0.03, 0.33, 0.11, 0.06, 0.25, 0.14, -0.07,
      0.21, 0.09,
    ];
    // NumPy: np.median -> 0.13. R DescTools::MedianCI(x, method = "exact"): k = qbinom(0.025, 20, 0.5) = 6 (SciPy
    // binom.ppf), the interval is sort(x)[c(6, 15)] = (0.06, 0.22), coverage 1 - 2 * pbinom(5, 20, 0.5) = 0.9586.
    const result = medianDifference(differences);
    expect(result.difference).toBeCloseTo(0.13, 12);
    expect(result.interval).toEqual({ low: 0.06, high: 0.22 });
  });

  it("adjusts p-values as R's p.adjust(p, method = 'holm') does", () => {
    // R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") -> 0.03 0.06 0.06 0.02
    const adjusted = holmAdjust([0.01, 0.04, 0.03, 0.005]);
    [0.03, 0.06, 0.06, 0.02].forEach((expected, i) => expect(adjusted[i]).toBeCloseTo(expected, 12));
    expect(holmAdjust([0.5, 0.9])).toEqual([1, 1]);
  });

  it("estimates the cases a McNemar test needs with Connor's formula", () => {
    // SciPy 1.17 with norm.ppf(0.975), norm.ppf(0.8), discordant shares 3/40 and 9/40 -> 102.26.
    expect(mcNemarSampleSize(3 / 40, 9 / 40)).toBe(103);
    expect(mcNemarSampleSize(0.1, 0.1)).toBeNull();
  });

  it('flips the sign when A and B swap, and finds no difference between identical configurations', () => {
    const input = fc.record({ pairs: fc.integer({ min: 1, max: 5 }), difference: fc.integer({ min: -1, max: 1 }) });
    fc.assert(
      fc.property(fc.array(input, { minLength: 1, maxLength: 30 }), (inputs) => {
        const forward = passRateDifference(inputs);
        const swapped = passRateDifference(inputs.map((i) => ({ pairs: i.pairs, difference: -i.difference })));
        expect(swapped.difference).toBeCloseTo(-forward.difference, 12);
        expect(swapped.interval.low).toBeCloseTo(-forward.interval.high, 12);
        expect(swapped.interval.high).toBeCloseTo(-forward.interval.low, 12);
        const same = passRateDifference(inputs.map((i) => ({ pairs: i.pairs, difference: 0 })));
        expect(same).toEqual({ difference: 0, interval: { low: 0, high: 0 } });
      }),
    );
    fc.assert(
      fc.property(fc.nat(50), fc.nat(50), (onlyA, onlyB) => {
        expect(exactMcNemar(onlyA, onlyB)).toBe(exactMcNemar(onlyB, onlyA));
        expect(exactMcNemar(onlyA, onlyA)).toBe(1);
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 1, maxLength: 30 }), (d) => {
        const forward = medianDifference(d);
        const swapped = medianDifference(d.map((x) => -x));
        expect(swapped.difference).toBeCloseTo(-forward.difference, 9);
        expect(swapped.interval.low).toBeCloseTo(-forward.interval.high, 9);
      }),
    );
  });
});

describe('judge agreement', () => {
  it("gives Cohen's kappa and its interval on the textbook 2x2 table", () => {
    // Wikipedia, "Cohen's kappa", worked example: 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no -> po 0.7, pe 0.5,
    // kappa 0.4. Interval from Cohen (1960)'s standard error with SciPy's norm.ppf(0.975): (0.14596, 0.65404).
    const matrix = {
      judge_pass_human_up: 20,
      judge_pass_human_down: 5,
      judge_fail_human_up: 10,
      judge_fail_human_down: 15,
    };
    const result = cohensKappa(matrix);
    expect(result.agreement).toBeCloseTo(0.7, 12);
    expect(result.kappa).toBeCloseTo(0.4, 12);
    expect(result.interval!.low).toBeCloseTo(0.14595963275955265, 9);
    expect(result.interval!.high).toBeCloseTo(0.6540403672404471, 9);
  });

  it('keeps the interval inside -1 to 1 where the normal approximation reaches past 1 on a few outputs', () => {
    // 3 agree on pass, 1 on fail, 1 judge-fail/human-up: kappa 6/11, standard error 0.4066, so kappa ± 1.96 se is
    // -0.25 to 1.34 before the cut.
    const result = cohensKappa({
      judge_pass_human_up: 3,
      judge_pass_human_down: 0,
      judge_fail_human_up: 1,
      judge_fail_human_down: 1,
    });
    expect(result.kappa).toBeCloseTo(6 / 11, 12);
    expect(result.interval!.low).toBeCloseTo(-0.2515, 3);
    expect(result.interval!.high).toBe(1);
  });

  it('counts the confusion matrix and leaves kappa undefined when chance agreement is complete', () => {
    const matrix = confusionMatrix([
      { judgePass: true, humanUp: true },
      { judgePass: true, humanUp: true },
    ]);
    expect(matrix).toEqual({
      judge_pass_human_up: 2,
      judge_pass_human_down: 0,
      judge_fail_human_up: 0,
      judge_fail_human_down: 0,
    });
    expect(cohensKappa(matrix)).toEqual({ agreement: 1, kappa: null, interval: null });
  });
});

describe('repetitions and similarity', () => {
  it('gives pass@k and pass^k: at least one, and all, of k runs passed', () => {
    const cases = [
      { runs: 5, passed: 5 },
      { runs: 5, passed: 3 },
      { runs: 5, passed: 0 },
    ];
    expect(passAtK(cases, 5)).toBeCloseTo(2 / 3, 12);
    expect(passHatK(cases, 5)).toBeCloseTo(1 / 3, 12);
    // Chen et al. (2021): pass@1 is the mean pass share; 1 - C(2,2)/C(5,2) = 0.9 for 3 of 5 at k = 2.
    expect(passAtK(cases, 1)).toBeCloseTo(8 / 15, 12);
    expect(passAtK([{ runs: 5, passed: 3 }], 2)).toBeCloseTo(0.9, 12);
    expect(passHatK([{ runs: 5, passed: 3 }], 2)).toBeCloseTo(0.3, 12);
    expect(cases.filter(isFlaky)).toEqual([{ runs: 5, passed: 3 }]);
  });

  it('gives the normalised edit distance similarity and how much repeated outputs vary', () => {
    // kitten -> sitting: Levenshtein distance 3 over 7 characters.
    expect(similarity('kitten', 'sitting')).toBeCloseTo(1 - 3 / 7, 12);
    expect(similarity('', '')).toBe(1);
    expect(outputVariability(['a', 'a', 'b'])).toEqual({ distinct_outputs: 2, mean_pairwise_similarity: 1 / 3 });
    // 10 pairs: kitten-kitten and sitting-sitting (1 each), four kitten-sitting (4/7), four with the empty text (0).
    expect(outputVariability(['kitten', 'sitting', 'kitten', 'sitting', '']).mean_pairwise_similarity).toBeCloseTo(
      (2 + 4 * (1 - 3 / 7)) / 10,
      12,
    );
  });
});

describe('judge agreement', () => {
  it('gives no kappa on fewer than 5 rated outputs, and says why', () => {
    const rated = {
      apiRequestId: 1,
      inputId: 1,
      configurationId: 1,
      checkId: 2,
      judgePass: false,
      reason: '',
      rating: 1,
    };
    const [check] = summariseAgreement([{ id: 2, name: 'Judge' }], [rated]).checks;
    expect(check?.agreement).toMatchObject({
      available: true,
      rated_outputs: 1,
      percent_agreement: 0,
      kappa: null,
      kappa_interval: null,
      kappa_reason: 'Kappa needs at least 5 rated outputs (1 so far).',
    });
  });
});
