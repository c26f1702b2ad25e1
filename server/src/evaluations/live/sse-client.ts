import type { ServerResponse } from 'node:http';
import type { LiveEvent } from '@promptgrid/contract';
import { appendCoalesced } from './hub.js';

/**
 * What a reader that does not keep up may have waiting, in characters of events: past it the stream is dropped (the
 * page then follows the run by polling), so a paused or stalled reader holds at most this much of the server's memory.
 */
export const SLOW_READER_MAX_CHARS = 256 * 1024;

const frame = (event: LiveEvent) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
const sizeOf = (event: LiveEvent) => (event.type === 'text' ? event.text.length + 100 : 200);

/**
 * One open Server-Sent Events response. It writes while the socket takes what it is given; once a write is refused
 * (the reader is slow, paused or gone), events wait here, consecutive text merged, until the socket drains, and a
 * reader that falls SLOW_READER_MAX_CHARS behind, or drains nothing between two heartbeats, is dropped.
 */
export class SseClient {
  private waiting: LiveEvent[] = [];
  private waitingChars = 0;
  private blocked = false;
  private blockedAtHeartbeat = false;
  private ended = false;

  constructor(
    private readonly raw: ServerResponse,
    private readonly onEnd: () => void,
  ) {
    raw.on('drain', () => this.drain());
    raw.on('close', () => this.end());
  }

  send(events: LiveEvent[]) {
    if (this.ended) return;
    if (!this.blocked) {
      this.blocked = !this.raw.write(events.map(frame).join(''));
      if (events.some((event) => event.type === 'done')) this.end();
      return;
    }
    for (const event of events) {
      appendCoalesced(this.waiting, event);
      this.waitingChars += sizeOf(event);
    }
    if (this.waitingChars > SLOW_READER_MAX_CHARS) this.drop();
  }

  /** A comment line so proxies keep a quiet stream open and a dead reader is found. */
  heartbeat() {
    if (this.ended) return;
    if (this.blocked && this.blockedAtHeartbeat) return this.drop();
    this.blockedAtHeartbeat = this.blocked;
    if (!this.blocked) this.blocked = !this.raw.write(': ping\n\n');
  }

  /** Ends the stream with `done`, as a finished run does. */
  finish() {
    this.endWith({ type: 'done' });
  }

  /** Ends the stream with `closing`: the server is stopping, the page follows the run by polling. */
  close() {
    this.endWith({ type: 'closing' });
  }

  private endWith(event: LiveEvent) {
    this.waiting.push(event);
    this.drain();
    this.end();
  }

  end() {
    if (this.ended) return;
    this.ended = true;
    this.waiting = [];
    if (!this.raw.writableEnded) this.raw.end();
    this.onEnd();
  }

  private drain() {
    this.blocked = false;
    this.blockedAtHeartbeat = false;
    const events = this.waiting;
    this.waiting = [];
    this.waitingChars = 0;
    if (events.length > 0) this.send(events);
  }

  /** Gives up on a reader that does not keep up: the connection closes without `done`, and the page polls instead. */
  private drop() {
    if (this.ended) return;
    this.ended = true;
    this.waiting = [];
    this.raw.destroy();
    this.onEnd();
  }
}
