import type { CheckPreview, RescoreResponse, SaveCheckInput } from '@promptgrid/contract';
import type { Db } from '../db/client.js';
import { badRequest } from '../http/errors.js';
import { assertCheckValid } from '../checks/service.js';
import { lockEvaluation, readOwnedEvaluation } from './evaluation.js';
import { requeueJudgements } from '../evaluations/run-state/judgements.js';
import { deleteEvaluationScores, insertRuleScores, readOutputs, readRuleChecks } from './scores.js';
import { compileRuleChecks, scoreOutputs } from './scoring.js';

/**
 * Applies the project's current checks to the evaluation's stored outputs without running anything again: every
 * earlier score of the evaluation goes (a check since deleted or switched off no longer counts) and the rule checks
 * score every output in one pass, written in one statement, in one transaction; the llm_judge checks' judgements are
 * queued as judge tasks in the same transaction, and the workers judge them. Two rescores of one evaluation take
 * turns on its row.
 */
export async function rescoreEvaluation(db: Db, userId: number, evaluationId: number): Promise<RescoreResponse> {
  return db.transaction(async (tx) => {
    const evaluation = await readOwnedEvaluation(tx, userId, evaluationId);
    await lockEvaluation(tx, evaluationId);
    await deleteEvaluationScores(tx, evaluationId);
    const [checks, outputs] = [await readRuleChecks(tx, evaluation.projectId), await readOutputs(tx, evaluationId)];
    const rows = await scoreOutputs(checks, outputs);
    await insertRuleScores(tx, evaluationId, rows);
    const queued = await requeueJudgements(tx, evaluationId);
    return { scored_requests: outputs.length, scores: rows.length, judgements_queued: queued };
  });
}

/** What an unsaved rule check would say about each of the evaluation's outputs; nothing is stored. */
export async function previewCheck(
  db: Db,
  userId: number,
  evaluationId: number,
  check: SaveCheckInput,
): Promise<CheckPreview> {
  if (check.type === 'llm_judge')
    throw badRequest({ type: ['A judge check cannot be previewed: save it, then rescore the evaluation.'] });
  return db.transaction(async (tx) => {
    const evaluation = await readOwnedEvaluation(tx, userId, evaluationId);
    await assertCheckValid(tx, userId, evaluation.projectId, check);
    const outputs = await readOutputs(tx, evaluationId);
    return (await scoreOutputs(compileRuleChecks([{ ...check, id: 0 }]), outputs)).map(
      ({ check_id: _, ...verdict }) => verdict,
    );
  });
}
