import { IdParams, type LiveEvent } from '@promptgrid/contract';
import { currentUser, type App } from '../../http/types.js';
import { assertOwner } from '../queries.js';
import type { WorkerLogger } from '../worker/events.js';
import { LiveHub } from './hub.js';
import { PgLiveTransport } from './pg-transport.js';

/** A comment line this often keeps proxies and browsers from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

/** The process's hub; on PostgreSQL connected to the other processes (its workers may run elsewhere). */
export async function openLiveHub(databaseUrl: string | null, log: WorkerLogger): Promise<LiveHub> {
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

const frame = (event: LiveEvent) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

/**
 * GET /api/evaluations/{id}/events/: the owner's run as Server-Sent Events (see LiveEvent in the contract), until it
 * completes. A finished run answers `done` at once. The stream carries text from the moment it opens (the calls
 * under way from their start); what ended before comes from the api-requests routes, which stay the fallback.
 */
export function liveEventsRoute(app: App, hub: LiveHub) {
  // Open streams end when the server closes, which would otherwise wait for them.
  const open = new Set<() => void>();
  app.addHook('preClose', (done) => {
    for (const end of open) end();
    done();
  });
  app.get(
    '/api/evaluations/:id/events/',
    {
      schema: {
        tags: ['evaluations'],
        description:
          'Server-Sent Events of a run in progress: `text` (a piece of a reply, with its offset `at`), `reset` ' +
          '(the call starts again), `finished` (a request ended: status, execution_time, ttft, tokens, ' +
          'error_message) and `done` (every request ended; the stream closes). Comment lines are heartbeats.',
        params: IdParams,
      },
    },
    async (request, reply) => {
      const evaluationId = request.params.id;
      const userId = currentUser(request).id;
      await assertOwner(app.db, userId, evaluationId);
      const queued: LiveEvent[][] = [];
      let write: ((events: LiveEvent[]) => void) | null = null;
      // Subscribed before the completion check, so a run ending in between still sends its `done`.
      const unsubscribe = hub.subscribe(evaluationId, (events) => (write ? write(events) : queued.push(events)));
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
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
      const end = () => {
        open.delete(end);
        clearInterval(heartbeat);
        unsubscribe();
        write = null;
        if (!raw.writableEnded) raw.end();
      };
      raw.on('close', end);
      open.add(end);
      write = (events) => {
        raw.write(events.map(frame).join(''));
        if (events.some((event) => event.type === 'done')) end();
      };
      raw.write(': live\n\n');
      if (completed) return write([{ type: 'done' }]);
      for (const events of queued.splice(0)) write?.(events);
    },
  );
}
