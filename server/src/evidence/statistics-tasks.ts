// The evidence statistics as tasks of the untrusted-work pool: each takes, as one value, the rows the main thread read
// from the database, and loops over them (bootstraps, Bradley-Terry fits, edit distances between outputs) on a pool
// thread. Only the pool's thread loads this module and the statistics it calls. See
// docs/decisions/0087-untrusted-work-pool.md.
import type { RunInput } from '../verdicts/scores.js';
import type { Cell, RatedVerdict, RunOutput, VoteGame } from './cells.js';
import { summariseConsistency } from './consistency.js';
import { summariseAgreement } from './judge-agreement.js';
import { summariseSimilarity } from './output-similarity.js';
import { compareSides } from './significance.js';
import { summarisePreference } from './vote-games.js';

/** Configuration b against a in one run (b − a), from both configurations' cells. */
export function pairedSignificance({ a, b, cells }: { a: number; b: number; cells: Cell[] }) {
  return compareSides(
    a,
    cells.filter((c) => c.configurationId === a),
    b,
    cells.filter((c) => c.configurationId === b),
  );
}

export function consistency(input: {
  configurationIds: number[];
  repetitions: number;
  cells: Cell[];
  outputs: RunOutput[];
}) {
  return summariseConsistency(input.configurationIds, input.repetitions, input.cells, input.outputs);
}

export function judgeAgreement(input: { judgeChecks: { id: number; name: string }[]; rated: RatedVerdict[] }) {
  return summariseAgreement(input.judgeChecks, input.rated);
}

export function outputSimilarity(input: { outputs: RunOutput[]; inputs: Map<number, RunInput> }) {
  return summariseSimilarity(input.outputs, input.inputs);
}

export function votePreference(input: { configurationIds: number[]; games: VoteGame[] }) {
  return summarisePreference(input.configurationIds, input.games);
}
