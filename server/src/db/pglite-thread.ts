import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { serverFile } from '../paths.js';

type Result = { rows: unknown[]; affectedRows?: number; fields: { name: string; dataTypeID: number }[] };
type QueryOptions = {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, type: number) => unknown>;
};
type Transaction = {
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Result & { rows: T[] }>;
  exec(sql: string): Promise<Result[]>;
};
type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/**
 * PGlite in a worker thread, behind the part of PGlite's API that drizzle and the server use (query, exec,
 * transaction, close). PGlite runs each statement synchronously in WebAssembly: on the main thread a 5–10 ms claim or
 * flush of the evaluation worker held up every provider reply and HTTP request behind it (decision 0006).
 * Statements run in the order they are posted; while a transaction is open, statements from outside it wait for its end,
 * as they do in PGlite itself.
 */
export class PgliteThread implements Transaction {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  /** Resolves when the open transaction (if any) ends; statements outside it wait for this first. */
  private gate: Promise<void> = Promise.resolve();
  private failure: Error | null = null;
  private closing = false;

  private constructor(
    private readonly worker: Worker,
    onCrash: (error: Error) => void,
  ) {
    worker.on('message', ({ id, result, error }: { id: number; result: unknown; error?: { message: string } }) => {
      const pending = this.pending.get(id);
      if (!pending) return;
      this.pending.delete(id);
      if (error) pending.reject(Object.assign(new Error(error.message), error));
      else pending.resolve(result);
    });
    const fail = (error: Error) => {
      if (!this.failure && !this.closing) onCrash(error);
      this.failure ??= error;
      for (const pending of this.pending.values()) pending.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the embedded database thread exited (code ${code})`)));
  }

  /** `onCrash`: the thread died (PGlite aborted); every later statement fails, so a server should stop and be restarted. */
  static async open(options: {
    dataDir?: string;
    loadDataDir?: Blob;
    startParams: string[];
    onCrash?: (error: Error) => void;
  }): Promise<PgliteThread> {
    const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    const worker = new Worker(serverFile('src/db/pglite-thread-worker.mjs'), {
      workerData: { dataDir: options.dataDir, loadDataDir, startParams: options.startParams },
      transferList: loadDataDir ? [loadDataDir] : [],
      execArgv: [],
    });
    const [message] = (await Promise.race([
      once(worker, 'message'),
      once(worker, 'error').then(([error]: Error[]) =>
        Promise.reject(error ?? new Error('the embedded database thread failed to start')),
      ),
    ])) as [{ ready: boolean; error?: { message: string } }];
    if (!message.ready) {
      await worker.terminate();
      throw new Error(`Could not open the embedded database: ${message.error?.message}`);
    }
    return new PgliteThread(worker, options.onCrash ?? (() => {}));
  }

  private post<T>(message: Record<string, unknown>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      // The thread answers each message with the shape its `op` promises.
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ id, ...message });
    });
  }

  private runQuery<T>(
    sql: string,
    params: unknown[] = [],
    options: QueryOptions = {},
  ): Promise<Result & { rows: T[] }> {
    // Drizzle's parsers keep date, time and interval values as the text PostgreSQL sent: the thread does the same for those types.
    const textTypes = options.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    return this.post({ op: 'query', sql, params, rowMode: options.rowMode ?? 'object', textTypes });
  }

  private runExec(sql: string): Promise<Result[]> {
    return this.post({ op: 'exec', sql });
  }

  async query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions) {
    await this.gate;
    return this.runQuery<T>(sql, params, options);
  }

  async exec(sql: string) {
    await this.gate;
    return this.runExec(sql);
  }

  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const previous = this.gate;
    let end!: () => void;
    this.gate = new Promise<void>((resolve) => (end = resolve));
    await previous;
    try {
      await this.runExec('BEGIN');
      const tx: Transaction = {
        query: (sql, params, options) => this.runQuery(sql, params, options),
        exec: (sql) => this.runExec(sql),
      };
      try {
        const result = await callback(tx);
        await this.runExec('COMMIT');
        return result;
      } catch (error) {
        await this.runExec('ROLLBACK').catch(() => {});
        throw error;
      }
    } finally {
      end();
    }
  }

  /** The data directory as a gzipped tarball, taken when no transaction is open (PGlite's dumpDataDir). */
  async dump(): Promise<Uint8Array> {
    await this.gate;
    return this.post({ op: 'dump' });
  }

  async close() {
    this.closing = true;
    await this.gate;
    if (!this.failure) await this.post({ op: 'close' }).catch(() => {});
    await this.worker.terminate();
  }
}
