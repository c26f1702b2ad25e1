import type pg from 'pg';
import type { LiveEvent } from '@promptgrid/contract';
import type { QueueLogger } from '../../queue/events.js';
import type { LiveTransport, TransportReceiver } from './hub.js';

/** Channels of the live events, of the watch announcements and of the sessions and API tokens that ended. */
export const LIVE_CHANNEL = 'promptgrid_live';
export const WATCH_CHANNEL = 'promptgrid_live_watch';
export const ENDED_CHANNEL = 'promptgrid_live_ended';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; a payload is packed up to this. */
const PAYLOAD_BYTES = 7_000;
/** Longer texts travel in pieces of this many UTF-16 units (at most 6 bytes each once escaped in JSON). */
const PIECE_CHARS = 1_000;
const RECONNECT_MS = 1_000;

type EventsPayload = { p: string; e: number; v: LiveEvent[] };
type WatchPayload = { p: string; w: number[]; f: boolean };
type EndedPayload = { p: string; c: string };

/** A text event cut into pieces that each fit a notification. */
function pieces(event: LiveEvent): LiveEvent[] {
  if (event.type !== 'text' || event.text.length <= PIECE_CHARS) return [event];
  const out: LiveEvent[] = [];
  for (let i = 0; i < event.text.length; i += PIECE_CHARS)
    out.push({ ...event, at: event.at + i, text: event.text.slice(i, i + PIECE_CHARS) });
  return out;
}

/** The events as notification payloads, each under PostgreSQL's limit, in order. */
export function packEvents(processId: string, evaluationId: number, events: LiveEvent[]): string[] {
  const payloads: string[] = [];
  let batch: LiveEvent[] = [];
  let size = 0;
  const close = () => {
    if (batch.length > 0) payloads.push(JSON.stringify({ p: processId, e: evaluationId, v: batch }));
    batch = [];
    size = 0;
  };
  for (const event of events.flatMap(pieces)) {
    const bytes = Buffer.byteLength(JSON.stringify(event)) + 1;
    if (size + bytes > PAYLOAD_BYTES) close();
    batch.push(event);
    size += bytes;
  }
  close();
  return payloads;
}

/**
 * Carries live events and watches between processes on PostgreSQL with LISTEN/NOTIFY, over one connection of its
 * own: it listens and sends on it, so this process's notifications leave in the order they were made. A process
 * hears its own notifications too and drops them (its hub delivered them already).
 */
export class PgLiveTransport implements LiveTransport {
  private client: pg.Client | null = null;
  private closed = false;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly url: string,
    private readonly hub: TransportReceiver,
    private readonly log: QueueLogger,
  ) {}

  static async connect(url: string, hub: TransportReceiver, log: QueueLogger): Promise<PgLiveTransport> {
    const transport = new PgLiveTransport(url, hub, log);
    await transport.open();
    return transport;
  }

  sendEvents(evaluationId: number, events: LiveEvent[]) {
    this.send(LIVE_CHANNEL, packEvents(this.hub.processId, evaluationId, events));
  }

  sendWatch(evaluationIds: number[], fresh: boolean) {
    const payload: WatchPayload = { p: this.hub.processId, w: evaluationIds.slice(0, 500), f: fresh };
    this.send(WATCH_CHANNEL, [JSON.stringify(payload)]);
  }

  sendEnded(credential: string) {
    const payload: EndedPayload = { p: this.hub.processId, c: credential };
    this.send(ENDED_CHANNEL, [JSON.stringify(payload)]);
  }

  async close() {
    this.closed = true;
    await this.queue.catch(() => {});
    await this.client?.end().catch(() => {});
    this.client = null;
  }

  private send(channel: string, payloads: string[]) {
    const client = this.client;
    if (!client || payloads.length === 0) return;
    // One query at a time on the connection: pg queues overlapping queries today but warns that version 9 will not.
    this.queue = this.queue
      .then(() =>
        client.query(
          'SELECT pg_notify($1, payload) FROM unnest($2::text[]) WITH ORDINALITY AS t(payload, n) ORDER BY n',
          [channel, payloads],
        ),
      )
      .catch((error: unknown) => this.log.warn({ err: error }, 'sending live events failed'));
  }

  private receive(message: pg.Notification) {
    try {
      const payload = JSON.parse(message.payload ?? '{}') as EventsPayload & WatchPayload & EndedPayload;
      if (payload.p === this.hub.processId) return;
      if (message.channel === LIVE_CHANNEL) this.hub.receiveEvents(payload.e, payload.v);
      else if (message.channel === WATCH_CHANNEL) this.hub.receiveWatch(payload.w, payload.f);
      else if (message.channel === ENDED_CHANNEL) this.hub.receiveEnded(payload.c);
    } catch (error) {
      this.log.warn({ err: error }, 'unreadable live notification');
    }
  }

  private async open() {
    const { default: pgModule } = await import('pg');
    const client = new pgModule.Client({ connectionString: this.url });
    client.on('notification', (message) => this.receive(message));
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'live events connection lost; reconnecting');
      if (this.client === client) this.client = null;
      void client.end().catch(() => {});
      this.reconnect();
    });
    await client.connect();
    await client.query(`LISTEN ${LIVE_CHANNEL}; LISTEN ${WATCH_CHANNEL}; LISTEN ${ENDED_CHANNEL}`);
    this.client = client;
  }

  private reconnect() {
    if (this.closed) return;
    setTimeout(() => {
      if (this.closed) return;
      this.open().catch((error: unknown) => {
        this.log.warn({ err: error }, 'live events reconnect failed');
        this.reconnect();
      });
    }, RECONNECT_MS).unref();
  }
}
