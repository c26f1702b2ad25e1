import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { evaluations, sessions } from '../../db/schema.js';
import type { SseClient } from './sse-client.js';

/** One open live stream: whose it is, by which session, of which run. */
export type LiveStream = { userId: number; sessionHash: string | null; evaluationId: number; client: SseClient };

/** The live streams open in this process, so a user's count is capped and a sign-out or a delete ends theirs. */
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

  /** Ends the streams a signed-out or deleted session opened. */
  endSession(sessionHash: string) {
    for (const stream of [...this.open]) if (stream.sessionHash === sessionHash) stream.client.end();
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

/**
 * What a stream should do at a heartbeat, from the database (so a sign-out, a cancel or a delete in another process
 * is noticed too): go on, finish (its run completed or was cancelled), or end (its session or its run is gone).
 */
export async function streamState(db: Db, stream: LiveStream): Promise<'live' | 'finished' | 'gone'> {
  const [row] = await db
    .select({
      finished: sql<boolean>`${evaluations.completedAt} IS NOT NULL OR ${evaluations.cancelledAt} IS NOT NULL`,
      signedIn:
        stream.sessionHash === null
          ? sql<boolean>`true`
          : sql<boolean>`EXISTS (${db
              .select({ one: sql`1` })
              .from(sessions)
              .where(and(eq(sessions.tokenHash, stream.sessionHash), gt(sessions.expiresAt, sql`now()`)))})`,
    })
    .from(evaluations)
    .where(and(eq(evaluations.id, stream.evaluationId), eq(evaluations.userId, stream.userId)));
  if (!row || !row.signedIn) return 'gone';
  return row.finished ? 'finished' : 'live';
}
