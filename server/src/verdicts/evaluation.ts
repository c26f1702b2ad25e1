import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { evaluations } from '../db/schema.js';
import { readAllowed } from '../access/policy.js';

/** The evaluation's project and frozen configurations, if it is the user's; 404 otherwise. */
export const readOwnedEvaluation = (db: Db | Tx, userId: number, evaluationId: number) =>
  readAllowed(db, userId, 'read', 'evaluation', evaluationId, {
    id: evaluations.id,
    projectId: evaluations.projectId,
    snapshot: evaluations.snapshot,
    useMock: evaluations.useMock,
  });

/**
 * Holds the evaluation's row until the transaction ends. A worker writes a request's outcome, result and scores in the
 * statement that also counts it into this row, so while the lock is held no new output of the evaluation commits:
 * the outputs read after it are all there will be, and no score of theirs can appear behind a rescore's back.
 */
export async function lockEvaluation(tx: Tx, evaluationId: number): Promise<void> {
  await tx.select({ id: evaluations.id }).from(evaluations).where(eq(evaluations.id, evaluationId)).for('update');
}
