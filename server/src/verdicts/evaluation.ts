import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { evaluations } from '../db/schema.js';
import { notFound } from '../http/errors.js';

/** The evaluation's project and frozen configurations, if it is the user's; 404 otherwise. */
export async function readOwnedEvaluation(db: Db | Tx, userId: number, evaluationId: number) {
  const [row] = await db
    .select({ id: evaluations.id, projectId: evaluations.projectId, snapshot: evaluations.snapshot })
    .from(evaluations)
    .where(and(eq(evaluations.id, evaluationId), eq(evaluations.userId, userId)));
  if (!row) throw notFound('Evaluation not found.');
  return row;
}
