import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { LiveEvent } from '@promptgrid/contract';

/**
 * Live progress of runs, from the workers that make the calls to the SSE clients that watch them. Workers publish
 * only for runs someone watches: watchers announce themselves (subscribe), in this process directly and, on
 * PostgreSQL, to the other processes through a transport (see pg-transport.ts) that also carries the events.
 * Events wait COALESCE_MS for company, so a burst of small pieces of text becomes one write to each client and one
 * notification, instead of one per token.
 */
const COALESCE_MS = 4;
/** A watch announced by another process holds this long; its process renews it every WATCH_RENEW_MS. */
export const WATCH_TTL_MS = 6_000;
export const WATCH_RENEW_MS = 2_000;

export type LiveListener = (events: LiveEvent[]) => void;

/** Adds an event to a queue; consecutive pieces of one reply become one piece. */
export function appendCoalesced(queue: LiveEvent[], event: LiveEvent) {
  const last = queue[queue.length - 1];
  if (event.type === 'text' && last?.type === 'text' && last.id === event.id && last.at + last.text.length === event.at)
    queue[queue.length - 1] = { ...last, text: last.text + event.text };
  else queue.push(event);
}

/** How events and watches travel between processes; absent on the embedded database (one process). */
export interface LiveTransport {
  /** Sends this process's events of one evaluation to the others. */
  sendEvents(evaluationId: number, events: LiveEvent[]): void;
  /** Tells the others these evaluations are watched here; `fresh`: a new watcher, who needs the text so far. */
  sendWatch(evaluationIds: number[], fresh: boolean): void;
  /** Tells the others a session or an API token ended here (see LiveHub.endCredential). */
  sendEnded(credential: string): void;
  close(): Promise<void>;
}

/** What a transport hands back to the hub it serves. */
export type TransportReceiver = {
  readonly processId: string;
  receiveEvents(evaluationId: number, events: LiveEvent[]): void;
  receiveWatch(evaluationIds: number[], fresh: boolean): void;
  receiveEnded(credential: string): void;
};

export class LiveHub implements TransportReceiver {
  readonly processId = crypto.randomBytes(6).toString('hex');
  private readonly listeners = new EventEmitter<Record<string, [LiveEvent[]]>>();
  /** Watchers in this process, by evaluation. */
  private readonly local = new Map<number, number>();
  /** Evaluations other processes watch, until when. */
  private readonly remote = new Map<number, number>();
  private readonly pending = new Map<number, LiveEvent[]>();
  private readonly watchListeners = new Set<(evaluationId: number) => void>();
  private readonly endedListeners = new Set<(credential: string) => void>();
  private flushTimer: NodeJS.Timeout | null = null;
  private renewTimer: NodeJS.Timeout | null = null;
  private transport: LiveTransport | null = null;

  constructor() {
    this.listeners.setMaxListeners(0);
  }

  useTransport(transport: LiveTransport) {
    this.transport = transport;
    this.renewTimer = setInterval(() => {
      if (this.local.size > 0) transport.sendWatch([...this.local.keys()], false);
    }, WATCH_RENEW_MS);
    this.renewTimer.unref();
  }

  async close() {
    if (this.renewTimer) clearInterval(this.renewTimer);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    await this.transport?.close();
    this.transport = null;
  }

  /** Whether anyone, here or in another process, watches the evaluation now. */
  isWatched(evaluationId: number): boolean {
    if (this.local.has(evaluationId)) return true;
    const until = this.remote.get(evaluationId);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.remote.delete(evaluationId);
    return false;
  }

  /** Called with an evaluation that gained a watcher: a worker sends it the text of the calls under way. */
  onWatch(listener: (evaluationId: number) => void): () => void {
    this.watchListeners.add(listener);
    return () => this.watchListeners.delete(listener);
  }

  /**
   * A session or an API token ended in this process (a sign-out, a revocation): the streams it opened end at once,
   * here and, through the transport, in every other process. `credential` is what LiveStreams keys them by.
   */
  endCredential(credential: string) {
    this.receiveEnded(credential);
    this.transport?.sendEnded(credential);
  }

  /** Called with each credential that ended, in this process or another. */
  onCredentialEnded(listener: (credential: string) => void): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  /**
   * The evaluation ended other than by a worker's last outcome (a cancel): its watchers, here and in other processes,
   * get `done` now, rather than at their next heartbeat's look at the database.
   */
  finishEvaluation(evaluationId: number) {
    this.publish(evaluationId, { type: 'done' });
    this.flush();
  }

  /** Follows an evaluation's events; the returned function stops. */
  subscribe(evaluationId: number, listener: LiveListener): () => void {
    const key = String(evaluationId);
    this.listeners.on(key, listener);
    this.local.set(evaluationId, (this.local.get(evaluationId) ?? 0) + 1);
    this.transport?.sendWatch([evaluationId], true);
    for (const watch of this.watchListeners) watch(evaluationId);
    return () => {
      this.listeners.off(key, listener);
      const left = (this.local.get(evaluationId) ?? 1) - 1;
      if (left > 0) this.local.set(evaluationId, left);
      else this.local.delete(evaluationId);
    };
  }

  /** Queues an event of a watched evaluation (others are dropped here, at no cost). */
  publish(evaluationId: number, event: LiveEvent) {
    if (!this.isWatched(evaluationId)) return;
    let queued = this.pending.get(evaluationId);
    if (!queued) this.pending.set(evaluationId, (queued = []));
    appendCoalesced(queued, event);
    this.flushTimer ??= setTimeout(() => this.flush(), COALESCE_MS);
  }

  /** Sends what is queued now, rather than after the coalescing delay. */
  flush() {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    for (const [evaluationId, events] of this.pending) {
      if (this.local.has(evaluationId)) this.listeners.emit(String(evaluationId), events);
      if (this.transport && (this.remote.get(evaluationId) ?? 0) > Date.now())
        this.transport.sendEvents(evaluationId, events);
    }
    this.pending.clear();
  }

  receiveEvents(evaluationId: number, events: LiveEvent[]) {
    if (this.local.has(evaluationId)) this.listeners.emit(String(evaluationId), events);
  }

  receiveEnded(credential: string) {
    for (const listener of this.endedListeners) listener(credential);
  }

  receiveWatch(evaluationIds: number[], fresh: boolean) {
    const until = Date.now() + WATCH_TTL_MS;
    for (const evaluationId of evaluationIds) {
      this.remote.set(evaluationId, until);
      if (fresh) for (const watch of this.watchListeners) watch(evaluationId);
    }
  }
}
