import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { allows } from '../../access/policy.js';
import type { Db } from '../../db/client.js';
import { accessTokens, evaluations, sessions } from '../../db/schema.js';
import type { SseClient } from './sse-client.js';

/** What a stream was opened with: a session (by its token's hash) or an API token (by its id). */
export type StreamCredential = { session: string } | { accessToken: number };

/** The credential as one text, which streams are ended by and which travels to other processes when it ends. */
export const credentialKey = (credential: StreamCredential) =>
  'session' in credential ? `session:${credential.session}` : `token:${credential.accessToken}`;

/** One open live stream: whose it is, opened with which credential, of which run. */
export type LiveStream = { userId: number; credential: StreamCredential; evaluationId: number; client: SseClient };

/**
 * The live streams open in this process, so a user's count is capped and a sign-out, a revoked API token or a delete
 * ends theirs.
 */
export class LiveStreams {
  private readonly open = new Set<LiveStream>();

  add(stream: LiveStream): () => void {
    this.open.add(stream);
    return () => this.open.delete(stream);
  }

  countOf(userId: number): number {
    let count = 0;
    for (const stream of this.open) if (stream.userId === userId) count++;
    return count;
  }

  /** Ends the streams a signed-out session or a revoked or expired API token opened (see credentialKey). */
  endCredential(key: string) {
    for (const stream of [...this.open]) if (credentialKey(stream.credential) === key) stream.client.end();
  }

  /** Ends every stream of an evaluation (deleted), without `done`: the page finds out by polling. */
  endEvaluation(evaluationId: number) {
    for (const stream of [...this.open]) if (stream.evaluationId === evaluationId) stream.client.end();
  }

  /** The server is stopping: every stream ends with `closing`. */
  closeAll() {
    for (const stream of [...this.open]) stream.client.close();
  }

  all(): LiveStream[] {
    return [...this.open];
  }
}

/** setTimeout's longest delay (about 24.8 days). */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Ends a stream opened with an API token when the token expires, rather than at the next heartbeat after; a token that
 * expires beyond the longest timer is left to the heartbeat's check. Answers the function that cancels this.
 */
export function endAtExpiry(client: SseClient, expiresAt: Date | null): () => void {
  const left = expiresAt === null ? null : expiresAt.getTime() - Date.now();
  if (left === null || left > LONGEST_TIMER_MS) return () => {};
  const timer = setTimeout(() => client.end(), Math.max(0, left));
  return () => clearTimeout(timer);
}

/** Whether the stream's session, or its API token (not revoked, not expired), still holds. */
function credentialHolds(db: Db, credential: StreamCredential) {
  const now = sql`now()`;
  const row =
    'session' in credential
      ? db
          .select({ one: sql`1` })
          .from(sessions)
          .where(and(eq(sessions.tokenHash, credential.session), gt(sessions.expiresAt, now)))
      : db
          .select({ one: sql`1` })
          .from(accessTokens)
          .where(
            and(
              eq(accessTokens.id, credential.accessToken),
              or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, now)),
            ),
          );
  return sql<boolean>`EXISTS (${row})`;
}

/**
 * What a stream should do at a heartbeat, from the database (so whatever another process's message did not reach
 * this one with is noticed too): go on, finish (its run completed or was cancelled), or end (its session, its API
 * token or its run is gone).
 */
export async function streamState(db: Db, stream: LiveStream): Promise<'live' | 'finished' | 'gone'> {
  const [row] = await db
    .select({
      finished: sql<boolean>`${evaluations.completedAt} IS NOT NULL OR ${evaluations.cancelledAt} IS NOT NULL`,
      signedIn: credentialHolds(db, stream.credential),
    })
    .from(evaluations)
    .where(allows(stream.userId, 'read', 'evaluation', stream.evaluationId));
  if (!row || !row.signedIn) return 'gone';
  return row.finished ? 'finished' : 'live';
}
