import crypto from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { User } from '@promptgrid/contract';
import type { Db } from '../db/client.js';
import { sessions, users } from '../db/schema.js';

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

type CachedSession = { user: User; expiresAt: number; cachedUntil: number };

/**
 * Sessions live in the database (the cookie holds a random token; only its SHA-256 is stored).
 * Lookups are cached for a few seconds because every API call needs one: a sign-out in this process
 * takes effect at once, one in another process (several servers on PostgreSQL) within `cacheMs`.
 */
export class SessionStore {
  private readonly cache = new Map<string, CachedSession>();
  private readonly endedListeners = new Set<(tokenHash: string) => void>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
    private readonly cacheMs = 5_000,
    private readonly maxCached = 10_000,
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
    const now = Date.now();
    const cached = this.cache.get(tokenHash);
    if (cached && cached.cachedUntil > now && cached.expiresAt > now) return { user: cached.user, tokenHash };
    const [row] = await this.db
      .select({ id: users.id, email: users.email, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date(now))))
      .limit(1);
    if (!row) {
      this.cache.delete(tokenHash);
      return null;
    }
    const user = { id: row.id, email: row.email };
    if (this.cache.size >= this.maxCached) this.cache.clear();
    this.cache.set(tokenHash, { user, expiresAt: row.expiresAt.getTime(), cachedUntil: now + this.cacheMs });
    return { user, tokenHash };
  }

  async delete(tokenHash: string): Promise<void> {
    this.cache.delete(tokenHash);
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
