import { IdParams, LIMITS, type LiveEvent } from '@promptgrid/contract';
import { HttpError } from '../../http/errors.js';
import { currentUser, type App } from '../../http/types.js';
import { assertOwner } from '../queries.js';
import type { QueueLogger } from '../../queue/events.js';
import { LiveHub } from './hub.js';
import { PgLiveTransport } from './pg-transport.js';
import { SseClient } from './sse-client.js';
import { LiveStreams, credentialKey, endAtExpiry, streamState, type StreamCredential } from './streams.js';

/** The process's hub; on PostgreSQL connected to the other processes (its workers may run elsewhere). */
export async function openLiveHub(databaseUrl: string | null, log: QueueLogger): Promise<LiveHub> {
  const hub = new LiveHub();
  if (databaseUrl) {
    try {
      hub.useTransport(await PgLiveTransport.connect(databaseUrl, hub, log));
    } catch (error) {
      log.warn({ err: error }, 'live events cannot reach other processes; runs are followed by polling');
    }
  }
  return hub;
}

/**
 * GET /api/evaluations/{id}/events/: the owner's run as Server-Sent Events (see LiveEvent in the contract), until it
 * completes. A finished run answers `done` at once. The stream carries text from the moment it opens (the calls
 * under way from their start); what ended before comes from the api-requests routes, which stay the fallback.
 * A user has at most LIMITS.liveStreamsPerUser streams open in a process (429 past it). A sign-out, a revoked API token
 * (through the hub, in every process) and an expiring one end the streams they opened at once, a cancel finishes its
 * run's with `done`, and a delete in this process ends them. Every heartbeat also re-reads the stream's credential and
 * run, for whatever another process's message did not bring. Answers the open streams, for the routes that delete runs.
 */
export function liveEventsRoute(app: App, hub: LiveHub): LiveStreams {
  const streams = new LiveStreams();
  const stopFollowingSessions = app.sessions.onEnded((sessionHash) =>
    hub.endCredential(credentialKey({ session: sessionHash })),
  );
  const stopFollowingCredentials = hub.onCredentialEnded((key) => streams.endCredential(key));
  const heartbeat = setInterval(() => {
    for (const stream of streams.all()) {
      stream.client.heartbeat();
      streamState(app.db, stream).then(
        (state) => (state === 'finished' ? stream.client.finish() : state === 'gone' ? stream.client.end() : null),
        (error: unknown) => app.log.warn({ err: error }, 'could not re-check a live stream'),
      );
    }
  }, app.config.liveHeartbeatMs);
  heartbeat.unref();
  // Open streams end when the server closes, which would otherwise wait for them; they say why first.
  app.addHook('preClose', (done) => {
    clearInterval(heartbeat);
    stopFollowingSessions();
    stopFollowingCredentials();
    streams.closeAll();
    done();
  });
  app.metrics.collectOnScrape(() => app.metrics.liveStreams.set(streams.all().length));
  app.get(
    '/api/evaluations/:id/events/',
    {
      schema: {
        tags: ['evaluations'],
        description:
          'Server-Sent Events of a run in progress: `text` (a piece of a reply, with its offset `at`), `reset` ' +
          '(the call starts again), `finished` (a request ended: status, execution_time, ttft, tokens, ' +
          'error_message) and `done` (every request ended; the stream closes). Comment lines are heartbeats. ' +
          `At most ${LIMITS.liveStreamsPerUser} streams per user at once (429).`,
        params: IdParams,
      },
    },
    async (request, reply) => {
      const evaluationId = request.params.id;
      const userId = currentUser(request).id;
      await assertOwner(app.db, userId, evaluationId);
      if (streams.countOf(userId) >= LIMITS.liveStreamsPerUser) throw tooManyStreams();
      const queued: LiveEvent[][] = [];
      let client: SseClient | null = null;
      // Subscribed before the completion check, so a run ending in between still sends its `done`.
      const unsubscribe = hub.subscribe(evaluationId, (events) => (client ? client.send(events) : queued.push(events)));
      let completed: boolean;
      try {
        completed = (await assertOwner(app.db, userId, evaluationId)).completedAt !== null;
      } catch (error) {
        unsubscribe();
        throw error;
      }
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        'x-accel-buffering': 'no',
      });
      raw.write(': live\n\n');
      let forget = () => {};
      const opened: SseClient = new SseClient(raw, () => {
        unsubscribe();
        forget();
      });
      const credential: StreamCredential = request.accessToken
        ? { accessToken: request.accessToken.id }
        : { session: request.sessionTokenHash! };
      const untrack = streams.add({ userId, credential, evaluationId, client: opened });
      const stopExpiryTimer = endAtExpiry(opened, request.accessToken?.expiresAt ?? null);
      forget = () => {
        untrack();
        stopExpiryTimer();
      };
      client = opened;
      if (completed) return opened.finish();
      for (const events of queued.splice(0)) opened.send(events);
    },
  );
  return streams;
}

const tooManyStreams = () =>
  new HttpError(
    429,
    `At most ${LIMITS.liveStreamsPerUser} live streams can be open at once: close a tab that follows a run, ` +
      'or wait for one to finish.',
  );
