// An endpoint's key and headers: sealed at rest, opened for a call, resealed when the encryption key rotates.
import { and, eq, ne } from 'drizzle-orm';
import { allows } from '../access/policy.js';
import { seal, unseal, type EncryptionKey } from '../api-keys/sealing.js';
import type { Db } from '../db/client.js';
import { endpoints } from '../db/schema.js';
import type { EndpointTarget } from '../providers/types.js';

type Row = typeof endpoints.$inferSelect;

/** Bound into each sealed value as additional data, so a sealed key cannot be moved to another user or field. */
const keyContext = (userId: number) => `endpoint-key:${userId}`;
const headersContext = (userId: number) => `endpoint-headers:${userId}`;

/** The sealed columns for a key ('' or absent: none) and for the extra headers. */
export function sealedKey(key: string | undefined, sealing: EncryptionKey, userId: number) {
  return key
    ? { sealedKey: seal(key, sealing, keyContext(userId)), lastFourDigits: key.slice(-4) }
    : { sealedKey: null, lastFourDigits: null };
}

export function sealedHeaders(headers: Record<string, string>, sealing: EncryptionKey, userId: number) {
  const names = Object.keys(headers);
  return {
    sealedHeaders: names.length > 0 ? seal(JSON.stringify(headers), sealing, headersContext(userId)) : null,
    headerNames: names,
  };
}

/** The endpoint's key and headers in clear, for a call. */
export function openEndpoint(row: Row, sealing: EncryptionKey): EndpointTarget {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    baseUrl: row.baseUrl,
    apiVersion: row.apiVersion,
    apiKey: row.sealedKey && unseal(row.sealedKey, row.encryptionKeyId, sealing, keyContext(row.userId)),
    headers: row.sealedHeaders
      ? (JSON.parse(unseal(row.sealedHeaders, row.encryptionKeyId, sealing, headersContext(row.userId))) as Record<
          string,
          string
        >)
      : {},
    concurrency: row.concurrency,
  };
}

/**
 * Reseals with the current encryption key the key and headers of every endpoint sealed with one of `sealing.previous`,
 * as resealApiKeys does for provider keys: a row is rewritten only if it still carries the key id it was read with,
 * and endpoints sealed with a key that is not configured at all are left as they are, and counted.
 */
export async function resealEndpoints(
  db: Db,
  sealing: EncryptionKey,
): Promise<{ resealed: number; unknownKey: number }> {
  const rows = await db.select().from(endpoints).where(ne(endpoints.encryptionKeyId, sealing.id));
  let resealed = 0;
  for (const row of rows) {
    if (!sealing.previous?.has(row.encryptionKeyId)) continue;
    const { apiKey, headers } = openEndpoint(row, sealing);
    const updated = await db
      .update(endpoints)
      .set({
        ...sealedKey(apiKey ?? undefined, sealing, row.userId),
        ...sealedHeaders(headers, sealing, row.userId),
        encryptionKeyId: sealing.id,
      })
      .where(and(eq(endpoints.id, row.id), eq(endpoints.encryptionKeyId, row.encryptionKeyId)))
      .returning({ id: endpoints.id });
    resealed += updated.length;
  }
  return { resealed, unknownKey: rows.filter((row) => !sealing.previous?.has(row.encryptionKeyId)).length };
}

/** The endpoint a model of a run is served by, for the worker's call; null once it was deleted. */
export async function readEndpointTarget(
  db: Db,
  sealing: EncryptionKey,
  userId: number,
  id: number,
): Promise<EndpointTarget | null> {
  const [row] = await db
    .select()
    .from(endpoints)
    .where(allows(userId, 'read', 'endpoint', id));
  return row ? openEndpoint(row, sealing) : null;
}
