// Paired comparisons of two configurations on the same cases: is the difference in pass rate, latency or cost real?
import binomialCdf from '@stdlib/stats-base-dists-binomial-cdf';
import binomialQuantile from '@stdlib/stats-base-dists-binomial-quantile';
import normalQuantile from '@stdlib/stats-base-dists-normal-quantile';
import mt19937 from '@stdlib/random-base-mt19937';

/** Resamples drawn for a bootstrap interval: enough for a stable 95% percentile interval, cheap on 2,000 inputs. */
export const BOOTSTRAP_RESAMPLES = 2000;
/** The seed every interval starts from, so the same run always shows the same interval. */
export const BOOTSTRAP_SEED = 20_240_531;

export type Interval = { low: number; high: number };

/** One input's paired verdicts: how many check verdicts it paired, and the sum of (B's pass − A's pass) over them. */
export type PairedPasses = { pairs: number; difference: number };

/** The q-quantile of sorted values, interpolated between neighbours (R's type 7, NumPy's default). */
export function quantileOfSorted(sorted: ArrayLike<number>, q: number): number {
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  // Both indexes lie within 0..length-1.
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

/**
 * B's pass rate minus A's over the paired verdicts, with its 95% percentile bootstrap interval: the inputs (each with
 * all its verdicts, kept paired) are drawn with replacement from a Mersenne Twister seeded with BOOTSTRAP_SEED, so
 * the same data always gives the same interval.
 */
export function passRateDifference(inputs: PairedPasses[]): { difference: number; interval: Interval } {
  const count = inputs.length;
  const pairs = Float64Array.from(inputs, (input) => input.pairs);
  const differences = Float64Array.from(inputs, (input) => input.difference);
  const rate = (p: number, d: number) => (p === 0 ? 0 : d / p);
  const random = mt19937.factory({ seed: BOOTSTRAP_SEED });
  const scale = count / (random.MAX + 1);
  const estimates = new Float64Array(BOOTSTRAP_RESAMPLES);
  for (let r = 0; r < BOOTSTRAP_RESAMPLES; r++) {
    let [p, d] = [0, 0];
    for (let i = 0; i < count; i++) {
      const drawn = Math.floor(random() * scale); // 0 <= drawn < count: random() never reaches random.MAX + 1
      p += pairs[drawn]!;
      d += differences[drawn]!;
    }
    estimates[r] = rate(p, d);
  }
  estimates.sort();
  const sum = (values: Float64Array) => values.reduce((total, value) => total + value, 0);
  return {
    difference: rate(sum(pairs), sum(differences)),
    interval: { low: quantileOfSorted(estimates, 0.025), high: quantileOfSorted(estimates, 0.975) },
  };
}

/**
 * The median of the paired differences (B − A, one per input) with its distribution-free 95% interval: the k-th
 * smallest and k-th largest difference, k from the binomial(n, 1/2) distribution (each difference falls on either
 * side of the true median with chance 1/2). One sort, no resampling, and at least 95% coverage for any distribution.
 */
export function medianDifference(differences: number[]): { difference: number; interval: Interval } {
  const sorted = Float64Array.from(differences).sort();
  const k = Math.max(1, binomialQuantile(0.025, sorted.length, 0.5));
  return {
    difference: quantileOfSorted(sorted, 0.5),
    // 1 <= k <= half the count, so both ranks are inside the sorted differences.
    interval: { low: sorted[k - 1]!, high: sorted[sorted.length - k]! },
  };
}

/**
 * The exact (binomial) McNemar test: under no difference, each discordant pair is as likely to favour A as B, so the
 * two-sided p-value is twice the binomial tail of the smaller count, at most 1.
 */
export function exactMcNemar(onlyA: number, onlyB: number): number {
  const discordant = onlyA + onlyB;
  if (discordant === 0) return 1;
  return Math.min(1, 2 * binomialCdf(Math.min(onlyA, onlyB), discordant, 0.5));
}

/** Holm's step-down adjustment of p-values for testing them together, in the order given. */
export function holmAdjust(pValues: number[]): number[] {
  const order = pValues.map((p, i) => ({ p, i })).sort((x, y) => x.p - y.p);
  const adjusted = new Array<number>(pValues.length);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (pValues.length - rank) * p));
    adjusted[i] = running;
  });
  return adjusted;
}

/**
 * How many paired verdicts an exact-enough McNemar test needs to detect the observed difference at the 5% level with
 * 80% power (Connor's formula), from the observed shares of pairs only A passed and only B passed; null when the two
 * shares are equal (no difference to detect).
 */
export function mcNemarSampleSize(onlyAShare: number, onlyBShare: number): number | null {
  const effect = onlyBShare - onlyAShare;
  if (effect === 0) return null;
  const discordant = onlyAShare + onlyBShare;
  const [alpha, power] = [normalQuantile(0.975, 0, 1), normalQuantile(0.8, 0, 1)];
  const root = alpha * Math.sqrt(discordant) + power * Math.sqrt(discordant - effect * effect);
  return Math.ceil((root * root) / (effect * effect));
}
