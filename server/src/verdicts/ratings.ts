import { eq } from 'drizzle-orm';
import type { Rating, SavedRating, SaveRatingInput } from '@promptgrid/contract';
import { allowedRow, allows } from '../access/policy.js';
import type { Db } from '../db/client.js';
import { apiRequests, ratings } from '../db/schema.js';

/** The api request's evaluation, if the request is one of the user's; 404 otherwise. */
async function readOwnedRequest(db: Db, userId: number, apiRequestId: number) {
  const rows = await db
    .select({ evaluationId: apiRequests.evaluationId })
    .from(apiRequests)
    .where(allows(userId, 'write', 'apiRequest', apiRequestId));
  return allowedRow(rows, 'apiRequest');
}

/** Sets a thumbs up (1) or down (-1) with its note, or clears it (0). */
export async function saveRating(
  db: Db,
  userId: number,
  apiRequestId: number,
  input: SaveRatingInput,
): Promise<SavedRating> {
  const { evaluationId } = await readOwnedRequest(db, userId, apiRequestId);
  if (input.rating === 0) {
    await db.delete(ratings).where(eq(ratings.apiRequestId, apiRequestId));
    return { api_request_id: apiRequestId, rating: null };
  }
  const values = { rating: input.rating, note: input.note };
  await db
    .insert(ratings)
    .values({ apiRequestId, evaluationId, ...values })
    .onConflictDoUpdate({ target: ratings.apiRequestId, set: { ...values, updatedAt: new Date() } });
  return { api_request_id: apiRequestId, rating: values };
}

export async function readRatingsByRequest(db: Db, evaluationId: number): Promise<Map<number, Rating>> {
  const rows = await db.select().from(ratings).where(eq(ratings.evaluationId, evaluationId));
  return new Map(rows.map((row) => [row.apiRequestId, { rating: row.rating === 1 ? 1 : -1, note: row.note }]));
}
