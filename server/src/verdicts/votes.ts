import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CastVoteInput, Vote } from '@promptgrid/contract';
import type { Db } from '../db/client.js';
import { apiRequests, votes } from '../db/schema.js';
import { returnedRow } from '../db/rows.js';
import { badRequest } from '../http/errors.js';
import { readOwnedEvaluation } from './evaluation.js';

type VoteRow = typeof votes.$inferSelect;
const toVote = (row: VoteRow): Vote => ({
  id: row.id,
  evaluation: row.evaluationId,
  input_id: row.inputId,
  left_request_id: row.leftRequestId,
  right_request_id: row.rightRequestId,
  winner: row.winner,
  created_at: row.createdAt.toISOString(),
});

/** Both sides must be outputs of this evaluation for the vote's input, from two different configurations. */
async function assertComparable(db: Db, evaluationId: number, vote: CastVoteInput): Promise<void> {
  if (vote.left_request_id === vote.right_request_id)
    throw badRequest({ right_request_id: ['Left and right must be two different requests.'] });
  const rows = await db
    .select({
      id: apiRequests.id,
      inputId: apiRequests.inputId,
      configurationId: apiRequests.configurationId,
      status: apiRequests.status,
    })
    .from(apiRequests)
    .where(
      and(
        eq(apiRequests.evaluationId, evaluationId),
        inArray(apiRequests.id, [vote.left_request_id, vote.right_request_id]),
      ),
    );
  const sides = [
    ['left_request_id', rows.find((r) => r.id === vote.left_request_id)],
    ['right_request_id', rows.find((r) => r.id === vote.right_request_id)],
  ] as const;
  const fields: Record<string, string[]> = {};
  for (const [field, row] of sides) {
    if (!row) fields[field] = ['This request is not part of this evaluation.'];
    else if (row.inputId !== vote.input_id) fields[field] = ['This request did not answer this input.'];
    else if (row.status !== 'SUCCESS') fields[field] = ['This request has no output to compare.'];
  }
  if (Object.keys(fields).length > 0) throw badRequest(fields);
  if (sides[0][1]!.configurationId === sides[1][1]!.configurationId)
    throw badRequest({ right_request_id: ['Left and right must come from two different configurations.'] });
}

export async function castVote(db: Db, userId: number, evaluationId: number, vote: CastVoteInput): Promise<Vote> {
  await readOwnedEvaluation(db, userId, evaluationId);
  await assertComparable(db, evaluationId, vote);
  const row = returnedRow(
    await db
      .insert(votes)
      .values({
        evaluationId,
        inputId: vote.input_id,
        leftRequestId: vote.left_request_id,
        rightRequestId: vote.right_request_id,
        winner: vote.winner,
      })
      .returning(),
  );
  return toVote(row);
}

export async function listVotes(db: Db, userId: number, evaluationId: number): Promise<Vote[]> {
  await readOwnedEvaluation(db, userId, evaluationId);
  const rows = await db.select().from(votes).where(eq(votes.evaluationId, evaluationId)).orderBy(asc(votes.id));
  return rows.map(toVote);
}
