// The evidence endpoints' answers: each reads the owned run(s) once on the main thread and hands the rows to the
// statistics, which loop over them on the untrusted-work pool (statistics-tasks.ts), each within the pool's deadline.
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
import { readAllowed } from '../access/policy.js';
import { badRequest, notFound } from '../http/errors.js';
import { readOwnedEvaluation } from '../verdicts/evaluation.js';
import { readRunInputs } from '../verdicts/scores.js';
import { runUntrusted } from '../untrusted-work/pool.js';
import { readCells, readJudgeChecks, readOutputs, readRatedVerdicts, readVoteGames } from './cells.js';

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
  return runUntrusted('pairedSignificance', { a, b, cells }, { what: 'Computing the significance' });
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
  const shared = head.snapshot.configurations.filter((c) => inBase.has(c.id)).map(({ id, name }) => ({ id, name }));
  return runUntrusted(
    'compareRuns',
    { base: { id: baseId, cells: baseCells }, head: { id: headId, cells: headCells }, shared },
    { what: 'Computing the significance' },
  );
}

/** pass@k, pass^k and flaky cases per configuration, and each cell's output variability. */
export async function readConsistency(db: Db, userId: number, evaluationId: number): Promise<EvaluationConsistency> {
  const { snapshot, repetitions } = await readAllowed(db, userId, 'read', 'evaluation', evaluationId, {
    snapshot: evaluations.snapshot,
    repetitions: evaluations.repetitions,
  });
  const configurationIds = snapshot.configurations.map((c) => c.id);
  // One repetition has nothing to be consistent with: the answer says so without reading the run's rows.
  const [cells, outputs] =
    repetitions < 2 ? [[], []] : await Promise.all([readCells(db, evaluationId), readOutputs(db, evaluationId)]);
  return runUntrusted(
    'consistency',
    { configurationIds, repetitions, cells, outputs },
    { what: 'Computing the consistency' },
  );
}

/** Each judge check of the run's project against people's ratings of the outputs it scored. */
export async function readJudgeAgreement(db: Db, userId: number, evaluationId: number): Promise<JudgeAgreement> {
  const evaluation = await readOwnedEvaluation(db, userId, evaluationId);
  const [judgeChecks, rated] = await Promise.all([
    readJudgeChecks(db, evaluation.projectId),
    readRatedVerdicts(db, evaluationId),
  ]);
  return runUntrusted('judgeAgreement', { judgeChecks, rated }, { what: 'Computing the judge agreement' });
}

/** Each output against its input's expected output. */
export async function readOutputSimilarity(db: Db, userId: number, evaluationId: number): Promise<OutputSimilarity> {
  await readOwnedEvaluation(db, userId, evaluationId);
  const [outputs, inputs] = await Promise.all([readOutputs(db, evaluationId), readRunInputs(db, evaluationId)]);
  return runUntrusted('outputSimilarity', { outputs, inputs }, { what: 'Computing the similarity' });
}

/**
 * What the run's blind votes say: a Bradley-Terry score per configuration with its interval, beside the raw win rate,
 * and whether voters favoured one side of the screen.
 */
export async function readVotePreference(db: Db, userId: number, evaluationId: number): Promise<VotePreference> {
  const evaluation = await readOwnedEvaluation(db, userId, evaluationId);
  const votes = await readVoteGames(db, evaluationId);
  return runUntrusted(
    'votePreference',
    { configurationIds: evaluation.snapshot.configurations.map((c) => c.id), games: votes },
    { what: 'Computing the vote preference' },
  );
}
