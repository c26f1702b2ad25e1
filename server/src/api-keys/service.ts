import { and, asc, eq, ne } from 'drizzle-orm';
import { defaultKeyLabel, type ApiKey, type CreateApiKeyInput, type UpdateApiKeyInput } from '@promptgrid/contract';
import { allowedRow, readAllowedRow, deleteAllowed } from '../access/policy.js';
import type { Db, Tx } from '../db/client.js';
import { apiKeys } from '../db/schema.js';
import { returnedRow } from '../db/rows.js';
import { badRequest } from '../http/errors.js';
import { seal, unseal, type EncryptionKey } from './sealing.js';

type Provider = 'openai' | 'anthropic' | 'gemini';
type Row = typeof apiKeys.$inferSelect;

const context = (userId: number, provider: Provider) => `api-key:${userId}:${provider}`;
const lastFour = (key: string) => key.slice(-4);

/** What the API shows of a key: never the key itself. */
const toApiKey = (row: Row): ApiKey => ({
  id: row.id,
  provider: row.provider,
  label: row.label,
  is_active: row.isActive,
  last_four_digits: row.lastFourDigits,
  created_at: row.createdAt.toISOString(),
});

export async function listApiKeys(db: Db | Tx, userId: number): Promise<ApiKey[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(asc(apiKeys.provider), asc(apiKeys.id));
  return rows.map(toApiKey);
}

/** A new key for a provider replaces the user's previous one. */
export async function createApiKey(
  db: Db | Tx,
  sealing: EncryptionKey,
  userId: number,
  input: CreateApiKeyInput,
): Promise<ApiKey> {
  return db.transaction(async (tx) => {
    await tx.delete(apiKeys).where(and(eq(apiKeys.userId, userId), eq(apiKeys.provider, input.provider)));
    const row = returnedRow(
      await tx
        .insert(apiKeys)
        .values({
          userId,
          provider: input.provider,
          label: input.label || defaultKeyLabel(input.provider),
          sealedKey: seal(input.key, sealing, context(userId, input.provider)),
          encryptionKeyId: sealing.id,
          lastFourDigits: lastFour(input.key),
          isActive: true,
        })
        .returning(),
    );
    return toApiKey(row);
  });
}

export async function updateApiKey(
  db: Db | Tx,
  sealing: EncryptionKey,
  userId: number,
  id: number,
  input: UpdateApiKeyInput,
): Promise<ApiKey> {
  if (input.label !== undefined && input.label === '') throw badRequest({ label: ['Label must not be blank.'] });
  return db.transaction(async (tx) => {
    const existing = await readAllowedRow(tx, userId, 'write', 'apiKey', id);
    if (input.is_active === true) {
      // One active key per provider: activating this one retires the other.
      await tx
        .update(apiKeys)
        .set({ isActive: false, updatedAt: new Date() })
        .where(and(eq(apiKeys.userId, userId), eq(apiKeys.provider, existing.provider), ne(apiKeys.id, id)));
    }
    // Deleted since it was read, by another request: the same 404.
    const row = allowedRow(
      await tx
        .update(apiKeys)
        .set({
          ...(input.label !== undefined ? { label: input.label } : {}),
          ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
          ...(input.key !== undefined
            ? {
                sealedKey: seal(input.key, sealing, context(userId, existing.provider)),
                encryptionKeyId: sealing.id,
                lastFourDigits: lastFour(input.key),
              }
            : {}),
          updatedAt: new Date(),
        })
        .where(eq(apiKeys.id, id))
        .returning(),
      'apiKey',
    );
    return toApiKey(row);
  });
}

export async function deleteApiKey(db: Db | Tx, userId: number, id: number): Promise<void> {
  await deleteAllowed(db, userId, 'apiKey', id);
}

/** A user's active key as stored: sealed, with the id of the encryption key that sealed it. */
export type SealedKey = { userId: number; provider: Provider; sealedKey: string; encryptionKeyId: string };

/** The user's active keys, still sealed: which providers a run can call, and what with. */
export async function activeSealedKeys(db: Db | Tx, userId: number): Promise<SealedKey[]> {
  return db
    .select({
      userId: apiKeys.userId,
      provider: apiKeys.provider,
      sealedKey: apiKeys.sealedKey,
      encryptionKeyId: apiKeys.encryptionKeyId,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), eq(apiKeys.isActive, true)));
}

export const openSealedKey = (row: SealedKey, sealing: EncryptionKey): string =>
  unseal(row.sealedKey, row.encryptionKeyId, sealing, context(row.userId, row.provider));

/** The user's active key for a provider, in clear, for the worker's call; null when none is stored. */
export async function readActiveKey(
  db: Db | Tx,
  sealing: EncryptionKey,
  userId: number,
  provider: Provider,
): Promise<string | null> {
  const row = (await activeSealedKeys(db, userId)).find((r) => r.provider === provider);
  return row ? openSealedKey(row, sealing) : null;
}

/**
 * Reseals with the current encryption key every stored key sealed with one of `sealing.previous`, so the earlier keys
 * can then be retired. Each row is rewritten only if it still carries the key id it was read with (another process may
 * be doing the same). Keys sealed with a key that is not configured at all are left as they are, and counted.
 */
export async function resealApiKeys(
  db: Db | Tx,
  sealing: EncryptionKey,
): Promise<{ resealed: number; unknownKey: number }> {
  const rows = await db.select().from(apiKeys).where(ne(apiKeys.encryptionKeyId, sealing.id));
  let resealed = 0;
  for (const row of rows) {
    if (!sealing.previous?.has(row.encryptionKeyId)) continue;
    const secret = openSealedKey(row, sealing);
    const updated = await db
      .update(apiKeys)
      .set({ sealedKey: seal(secret, sealing, context(row.userId, row.provider)), encryptionKeyId: sealing.id })
      .where(and(eq(apiKeys.id, row.id), eq(apiKeys.encryptionKeyId, row.encryptionKeyId)))
      .returning({ id: apiKeys.id });
    resealed += updated.length;
  }
  return { resealed, unknownKey: rows.filter((row) => !sealing.previous?.has(row.encryptionKeyId)).length };
}
