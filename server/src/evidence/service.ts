// The evidence endpoints' answers: each reads the owned run(s) once and hands the numbers to the pure statistics.
import type {
  EvaluationConsistency,
  JudgeAgreement,
  OutputSimilarity,
  PairedSignificance,
  RunSignificance,
  VotePreference,
} from '@promptgrid/contract';
import type { Db } from '../db/client.js';
import { evaluations } from '../db/schema.js';
import { ownedEvaluation } from '../auth/ownership.js';
import { badRequest, notFound } from '../http/errors.js';
import { readOwnedEvaluation } from '../verdicts/evaluation.js';
import { readRunInputs } from '../verdicts/scores.js';
import { readCells, readOutputs } from './cells.js';
import { summariseConsistency } from './consistency.js';
import { readJudgeChecks, readRatedVerdicts, summariseAgreement } from './judge-agreement.js';
import { summariseSimilarity } from './output-similarity.js';
import { holmAdjust } from './paired.js';
import { compareSides, decidePassRates } from './significance.js';
import { readVoteGames, summarisePreference } from './vote-games.js';

/** Two configurations of one run, b − a; a configuration the run did not freeze is a 404. */
export async function readSignificance(
  db: Db,
  userId: number,
  evaluationId: number,
  a: number,
  b: number,
): Promise<PairedSignificance> {
  const evaluation = await readOwnedEvaluation(db, userId, evaluationId);
  const frozen = new Set(evaluation.snapshot.configurations.map((c) => c.id));
  if (!frozen.has(a) || !frozen.has(b)) throw notFound('Configuration not found in this evaluation.');
  const cells = await readCells(db, evaluationId, [a, b]);
  return compareSides(
    a,
    cells.filter((c) => c.configurationId === a),
    b,
    cells.filter((c) => c.configurationId === b),
  );
}

/**
 * Each configuration both runs ran, base against head on the same inputs, with the pass-rate p-values adjusted
 * together (Holm): with many configurations, one would otherwise look better by chance.
 */
export async function readRunSignificance(
  db: Db,
  userId: number,
  baseId: number,
  headId: number,
): Promise<RunSignificance> {
  const [base, head] = await Promise.all([
    readOwnedEvaluation(db, userId, baseId),
    readOwnedEvaluation(db, userId, headId),
  ]);
  if (base.projectId !== head.projectId)
    throw badRequest({ head: ['Both evaluations must belong to the same project.'] });
  const [baseCells, headCells] = await Promise.all([readCells(db, baseId), readCells(db, headId)]);
  const inBase = new Set(base.snapshot.configurations.map((c) => c.id));
  const shared = head.snapshot.configurations.filter((c) => inBase.has(c.id));
  const comparisons = shared.map((c) => ({
    configuration_id: c.id,
    name: c.name,
    significance: compareSides(
      c.id,
      baseCells.filter((cell) => cell.configurationId === c.id),
      c.id,
      headCells.filter((cell) => cell.configurationId === c.id),
    ),
  }));
  const tested = comparisons.filter((c) => c.significance.pass_rate.available);
  const adjustedPValues = holmAdjust(
    tested.map((c) => (c.significance.pass_rate.available ? c.significance.pass_rate.p_value : 1)),
  );
  const adjusted = new Map(tested.map((c, i) => [c.configuration_id, adjustedPValues[i]]));
  const configurations: RunSignificance['configurations'] = comparisons.map((c) => {
    const p = adjusted.get(c.configuration_id) ?? null;
    const passRate = c.significance.pass_rate;
    return {
      ...c,
      significance: {
        ...c.significance,
        pass_rate: passRate.available && p !== null ? decidePassRates(passRate, p) : passRate,
      },
      adjusted_p_value: p,
    };
  });
  return { base: baseId, head: headId, configurations };
}

/** pass@k, pass^k and flaky cases per configuration, and each cell's output variability. */
export async function readConsistency(db: Db, userId: number, evaluationId: number): Promise<EvaluationConsistency> {
  const { snapshot, repetitions } = await ownedEvaluation(db, userId, evaluationId, {
    snapshot: evaluations.snapshot,
    repetitions: evaluations.repetitions,
  });
  const configurationIds = snapshot.configurations.map((c) => c.id);
  // One repetition has nothing to be consistent with: the answer says so without reading the run's rows.
  if (repetitions < 2) return summariseConsistency(configurationIds, repetitions, [], []);
  const [cells, outputs] = await Promise.all([readCells(db, evaluationId), readOutputs(db, evaluationId)]);
  return summariseConsistency(configurationIds, repetitions, cells, outputs);
}

/** Each judge check of the run's project against people's ratings of the outputs it scored. */
export async function readJudgeAgreement(db: Db, userId: number, evaluationId: number): Promise<JudgeAgreement> {
  const evaluation = await readOwnedEvaluation(db, userId, evaluationId);
  const [judgeChecks, rated] = await Promise.all([
    readJudgeChecks(db, evaluation.projectId),
    readRatedVerdicts(db, evaluationId),
  ]);
  return summariseAgreement(judgeChecks, rated);
}

/** Each output against its input's expected output. */
export async function readOutputSimilarity(db: Db, userId: number, evaluationId: number): Promise<OutputSimilarity> {
  await readOwnedEvaluation(db, userId, evaluationId);
  const [outputs, inputs] = await Promise.all([readOutputs(db, evaluationId), readRunInputs(db, evaluationId)]);
  return summariseSimilarity(outputs, inputs);
}

/**
 * What the run's blind votes say: a Bradley-Terry score per configuration with its interval, beside the raw win rate,
 * and whether voters favoured one side of the screen.
 */
export async function readVotePreference(db: Db, userId: number, evaluationId: number): Promise<VotePreference> {
  const evaluation = await readOwnedEvaluation(db, userId, evaluationId);
  const votes = await readVoteGames(db, evaluationId);
  return summarisePreference(
    evaluation.snapshot.configurations.map((c) => c.id),
    votes,
  );
}
