import type pg from 'pg';

/** The first wait before reconnecting, doubled after every failed attempt up to the cap. */
const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5000;
/** How the connection shows in pg_stat_activity, so an operator (or a test) can find it. */
export const LISTENER_APPLICATION_NAME = 'promptgrid listener';

export type ListenerHandlers = {
  notification: (channel: string, payload: string) => void;
  /** LISTEN holds again on a new connection: whatever was announced while it was down was missed. */
  reconnected: () => void;
};

/**
 * A PostgreSQL connection that LISTENs on `channels` and keeps doing so: when the connection is lost (a restart, a
 * network cut, a terminated backend) it connects again with backoff and tells its owner, who re-scans for what it
 * may have missed. Polling covers the gap; the listener only makes new work start sooner.
 */
export class Listener {
  private client: pg.Client | null = null;
  private closed = false;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly channels: string[],
    private readonly handlers: ListenerHandlers,
    private readonly log: { warn: (o: object, m?: string) => void },
  ) {}

  /** Connects and LISTENs; answers whether it does. A failure is logged and retried in the background. */
  async start(): Promise<boolean> {
    try {
      await this.open();
      return true;
    } catch (error) {
      this.lost(error);
      return false;
    }
  }

  async close() {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.client?.end().catch(() => {});
    this.client = null;
  }

  private async open() {
    const { default: pgModule } = await import('pg');
    const client = new pgModule.Client({ connectionString: this.url, application_name: LISTENER_APPLICATION_NAME });
    client.on('notification', ({ channel, payload }) => this.handlers.notification(channel, payload ?? ''));
    client.on('error', (error) => {
      if (this.client === client) this.lost(error);
    });
    client.on('end', () => {
      if (this.client === client) this.lost(new Error('the listening connection ended'));
    });
    try {
      await client.connect();
      await client.query(this.channels.map((channel) => `LISTEN ${channel}`).join('; '));
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) return void (await client.end().catch(() => {}));
    this.client = client;
    this.retryMs = FIRST_RETRY_MS;
  }

  private lost(error: unknown) {
    const client = this.client;
    this.client = null;
    void client?.end().catch(() => {});
    if (this.closed || this.retryTimer) return;
    this.log.warn({ err: error, retryMs: this.retryMs }, 'notifications lost; polling until LISTEN holds again');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.closed) return;
      this.open().then(
        () => {
          if (!this.closed) this.handlers.reconnected();
        },
        (failure: unknown) => this.lost(failure),
      );
    }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
  }
}
