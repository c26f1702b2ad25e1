import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import {
  ACCESS_TOKEN_PREFIX,
  type AccessToken,
  type CreateAccessTokenInput,
  type CreatedAccessToken,
  type User,
} from '@promptgrid/contract';
import { deleteAllowed } from '../access/policy.js';
import type { Db, Tx } from '../db/client.js';
import { accessTokens, users } from '../db/schema.js';
import { returnedRow } from '../db/rows.js';
import { hashToken } from '../auth/tokens.js';

type Row = typeof accessTokens.$inferSelect;

/** `last_used_at` is written at most this often per token: a CI job's hundred calls make one write, not a hundred. */
const LAST_USED_PRECISION_MS = 60_000;

const toAccessToken = (row: Row): AccessToken => ({
  id: row.id,
  name: row.name,
  last_four: row.lastFour,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  expires_at: row.expiresAt?.toISOString() ?? null,
});

export async function listAccessTokens(db: Db | Tx, userId: number): Promise<AccessToken[]> {
  const rows = await db
    .select()
    .from(accessTokens)
    .where(eq(accessTokens.userId, userId))
    .orderBy(desc(accessTokens.createdAt), desc(accessTokens.id));
  return rows.map(toAccessToken);
}

/** `pg_` and 32 random bytes in base64url; only its hash is kept, so this answer is the one time it is seen. */
export async function createAccessToken(
  db: Db | Tx,
  userId: number,
  input: CreateAccessTokenInput,
): Promise<CreatedAccessToken> {
  const token = `${ACCESS_TOKEN_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  const row = returnedRow(
    await db
      .insert(accessTokens)
      .values({
        userId,
        name: input.name,
        tokenHash: hashToken(token),
        lastFour: token.slice(-4),
        expiresAt: input.expires_at ? new Date(input.expires_at) : null,
      })
      .returning(),
  );
  return { ...toAccessToken(row), token };
}

export async function revokeAccessToken(db: Db | Tx, userId: number, id: number): Promise<void> {
  await deleteAllowed(db, userId, 'accessToken', id);
}

/** The user a bearer token stands for, or null when it is unknown, revoked or expired. */
export async function findAccessTokenUser(
  db: Db | Tx,
  token: string,
): Promise<{ user: User; tokenId: number; expiresAt: Date | null } | null> {
  const now = new Date();
  const [row] = await db
    .select({
      tokenId: accessTokens.id,
      expiresAt: accessTokens.expiresAt,
      lastUsedAt: accessTokens.lastUsedAt,
      id: users.id,
      email: users.email,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(
      and(
        eq(accessTokens.tokenHash, hashToken(token)),
        or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, now)),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_PRECISION_MS) {
    await db
      .update(accessTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(accessTokens.id, row.tokenId),
          or(
            isNull(accessTokens.lastUsedAt),
            lt(accessTokens.lastUsedAt, new Date(now.getTime() - LAST_USED_PRECISION_MS)),
          ),
        ),
      );
  }
  return { user: { id: row.id, email: row.email }, tokenId: row.tokenId, expiresAt: row.expiresAt };
}
