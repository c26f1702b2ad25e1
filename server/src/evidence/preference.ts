// Blind votes as evidence: a Bradley-Terry strength per configuration with a bootstrap interval, and whether voters
// favour one side of the screen.
import mt19937 from '@stdlib/random-base-mt19937';
import { BOOTSTRAP_SEED, exactMcNemar, quantileOfSorted, type Interval } from './paired.js';

/** One vote between two configurations (indexes into the fitted list); a tie gives each side half a win. */
export type PairwiseGame = { left: number; right: number; outcome: 'left' | 'right' | 'tie' };

/** Resamples of the votes for each strength's interval: few votes, a small model, so this stays in milliseconds. */
export const PREFERENCE_RESAMPLES = 400;
/** Fewer decisive votes than this say nothing about a side bias; the answer says so instead. */
export const MIN_DECISIVE_VOTES = 10;
const MAX_ITERATIONS = 10_000;
const TOLERANCE = 1e-10;

/** Wins of i over j (ties as halves) and games between i and j, as dense matrices: the fit is O(configurations²). */
function tally(count: number, games: PairwiseGame[], weights?: Uint32Array) {
  const wins = new Float64Array(count * count);
  const played = new Float64Array(count * count);
  games.forEach(({ left, right, outcome }, index) => {
    const weight = weights ? weights[index]! : 1;
    if (weight === 0) return;
    played[left * count + right]! += weight;
    played[right * count + left]! += weight;
    const leftWin = outcome === 'left' ? 1 : outcome === 'tie' ? 0.5 : 0;
    wins[left * count + right]! += weight * leftWin;
    wins[right * count + left]! += weight * (1 - leftWin);
  });
  return { wins, played };
}

/**
 * The maximum-likelihood Bradley-Terry strengths by Hunter's MM algorithm (2004), as natural logs centred on 0 (the
 * mean configuration). P(i beats j) = 1 / (1 + exp(log_j − log_i)). Every configuration needs a win and a loss
 * inside a connected set of games for the estimate to be finite: callers add weak prior games to guarantee it.
 */
export function fitBradleyTerry(count: number, games: PairwiseGame[], weights?: Uint32Array): number[] {
  const { wins, played } = tally(count, games, weights);
  const totalWins = Array.from({ length: count }, (_, i) => {
    let sum = 0;
    for (let j = 0; j < count; j++) sum += wins[i * count + j]!;
    return sum;
  });
  let strength = new Float64Array(count).fill(1);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const next = new Float64Array(count);
    for (let i = 0; i < count; i++) {
      let denominator = 0;
      for (let j = 0; j < count; j++) {
        const n = played[i * count + j]!;
        if (n > 0) denominator += n / (strength[i]! + strength[j]!);
      }
      next[i] = denominator === 0 ? strength[i]! : totalWins[i]! / denominator;
    }
    // Strengths are defined up to a common factor: fix their geometric mean at 1.
    const logMean = next.reduce((sum, s) => sum + Math.log(s), 0) / count;
    const scale = Math.exp(-logMean);
    let change = 0;
    for (let i = 0; i < count; i++) {
      next[i]! *= scale;
      change = Math.max(change, Math.abs(next[i]! - strength[i]!) / strength[i]!);
    }
    strength = next;
    if (change < TOLERANCE) break;
  }
  return Array.from(strength, (s) => Math.log(s));
}

/**
 * Strengths with their 95% percentile intervals: the votes are resampled with replacement (seeded, so the same votes
 * always give the same intervals) and refitted. `prior` games are kept in every resample.
 */
export function bradleyTerryWithIntervals(
  count: number,
  votes: PairwiseGame[],
  prior: PairwiseGame[],
): { strengths: number[]; intervals: Interval[] } {
  const games = votes.concat(prior);
  const strengths = fitBradleyTerry(count, games);
  const random = mt19937.factory({ seed: BOOTSTRAP_SEED });
  const scale = votes.length / (random.MAX + 1);
  const samples = Array.from({ length: count }, () => new Float64Array(PREFERENCE_RESAMPLES));
  const weights = new Uint32Array(games.length);
  for (let r = 0; r < PREFERENCE_RESAMPLES; r++) {
    weights.fill(0, 0, votes.length).fill(1, votes.length);
    for (let v = 0; v < votes.length; v++) weights[Math.floor(random() * scale)]!++;
    fitBradleyTerry(count, games, weights).forEach((s, i) => (samples[i]![r] = s));
  }
  return {
    strengths,
    intervals: samples.map((values) => {
      values.sort();
      return { low: quantileOfSorted(values, 0.025), high: quantileOfSorted(values, 0.975) };
    }),
  };
}

/** A log strength on the Elo scale people know from chess and model arenas: 1000 is the mean, +400 is 10:1 odds. */
export const toArenaScore = (logStrength: number) => 1000 + (400 * logStrength) / Math.LN10;

/**
 * Whether voters favour a side: of the votes that picked one, how many picked the left, with the exact two-sided
 * binomial test of "no preference for either side" (each decisive vote left or right with chance 1/2: the same sign
 * test as the exact McNemar test on discordant pairs).
 */
export function positionBias(leftChosen: number, rightChosen: number): { share: number; p_value: number } {
  return { share: leftChosen / (leftChosen + rightChosen), p_value: exactMcNemar(leftChosen, rightChosen) };
}
