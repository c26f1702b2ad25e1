import crypto from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { User } from '@promptgrid/contract';
import type { Db } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { hashToken } from './tokens.js';

/**
 * Sessions live in the database (the cookie holds a random token; only its SHA-256 is stored). Every request looks
 * its session up, uncached: a sign-out or an account deletion ends the session at once on every server process
 * (see docs/decisions/0040-sessions-read-uncached.md for what the lookup costs).
 */
export class SessionStore {
  private readonly endedListeners = new Set<(tokenHash: string) => void>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
  ) {}

  async create(userId: number): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url');
    await this.db
      .insert(sessions)
      .values({ tokenHash: hashToken(token), userId, expiresAt: new Date(Date.now() + this.ttlMs) });
    return token;
  }

  async find(token: string): Promise<{ user: User; tokenHash: string } | null> {
    const tokenHash = hashToken(token);
    const [row] = await this.db
      .select({ id: users.id, email: users.email })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())))
      .limit(1);
    return row ? { user: { id: row.id, email: row.email }, tokenHash } : null;
  }

  async delete(tokenHash: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    for (const listener of this.endedListeners) listener(tokenHash);
  }

  /** Calls `listener` with each session this process deletes (sign-out, account deletion): what it opened ends too. */
  onEnded(listener: (tokenHash: string) => void): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  async deleteExpired(): Promise<void> {
    await this.db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  }
}
