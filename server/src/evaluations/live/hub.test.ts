import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '@promptgrid/contract';
import { LiveHub, type LiveTransport } from './hub.js';
import { packEvents } from './pg-transport.js';

const text = (id: number, at: number, piece: string): LiveEvent => ({
  type: 'text',
  id,
  input: null,
  configuration: 1,
  at,
  text: piece,
});

/** Resolves with the next batch the listener gets. */
const nextBatch = (hub: LiveHub, evaluationId: number) =>
  new Promise<LiveEvent[]>((resolve) => {
    const stop = hub.subscribe(evaluationId, (events) => {
      stop();
      resolve(events);
    });
  });

describe('the live hub', () => {
  it('drops events of runs nobody watches, and joins consecutive pieces of a reply into one event', async () => {
    const hub = new LiveHub();
    hub.publish(7, text(1, 0, 'lost'));
    expect(hub.isWatched(7)).toBe(false);
    const batch = nextBatch(hub, 7);
    expect(hub.isWatched(7)).toBe(true);
    hub.publish(7, text(1, 0, 'Hel'));
    hub.publish(7, text(1, 3, 'lo'));
    hub.publish(7, text(2, 0, 'Other'));
    hub.publish(7, { type: 'reset', id: 2 });
    expect(await batch).toEqual([text(1, 0, 'Hello'), text(2, 0, 'Other'), { type: 'reset', id: 2 }]);
    expect(hub.isWatched(7)).toBe(false);
  });

  it('asks workers for the text so far when a watcher comes, and hears watches of other processes', async () => {
    const hub = new LiveHub();
    const watched: number[] = [];
    hub.onWatch((id) => watched.push(id));
    const sent: { ids: number[]; fresh: boolean }[] = [];
    const transport: LiveTransport = {
      sendEvents: () => {},
      sendWatch: (ids, fresh) => sent.push({ ids, fresh }),
      sendEnded: () => {},
      close: async () => {},
    };
    hub.useTransport(transport);
    const stop = hub.subscribe(3, () => {});
    expect(watched).toEqual([3]);
    expect(sent).toEqual([{ ids: [3], fresh: true }]);
    stop();
    hub.receiveWatch([9], false);
    expect(hub.isWatched(9)).toBe(true);
    expect(watched).toEqual([3]);
    hub.receiveWatch([9], true);
    expect(watched).toEqual([3, 9]);
    await hub.close();
  });
});

describe('notification payloads', () => {
  it('cut long texts into pieces with their offsets and stay under PostgreSQL’s 8000-byte limit', () => {
    const long = 'é"\\\n'.repeat(5_000); // characters that grow when escaped and encoded
    const payloads = packEvents('p', 5, [text(1, 10, long), { type: 'done' }]);
    expect(payloads.length).toBeGreaterThan(3);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    const events = payloads.flatMap((p) => (JSON.parse(p) as { e: number; v: LiveEvent[] }).v);
    const pieces = events.filter((e) => e.type === 'text');
    expect(pieces.map((e) => e.text).join('')).toBe(long);
    expect(pieces.map((e) => e.at)).toEqual(pieces.map((_, i) => 10 + i * 1000));
    expect(events.at(-1)).toEqual({ type: 'done' });
  });
});
