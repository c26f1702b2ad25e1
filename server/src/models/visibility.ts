import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { aiModels, endpoints } from '../db/schema.js';

/**
 * The models a user may pick: the catalog's listed models and the listed models of their own endpoints. Another
 * user's endpoint models are, for this user, models that do not exist.
 */
export function listedFor(db: Db | Tx, userId: number): SQL {
  const own = db.select({ id: endpoints.id }).from(endpoints).where(eq(endpoints.userId, userId));
  return and(eq(aiModels.listed, true), or(isNull(aiModels.endpointId), inArray(aiModels.endpointId, own)))!;
}
