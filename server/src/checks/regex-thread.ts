import { Worker } from 'node:worker_threads';
import { serverFile } from '../paths.js';

/**
 * How long one regex job (compiling a pattern, or searching one output) may take. RE2JS runs in time linear in the
 * output, but its constant grows with the pattern: `(?:\w|\s){1,500}$` takes 9 s on a 200,000-character output.
 * The job runs on its own thread, so the server's event loop never waits on it; past this time the thread is
 * stopped (and replaced) and the output gets an error verdict instead of a pass or fail.
 */
export const REGEX_JOB_TIMEOUT_MS = 1000;

export type RegexOutcome =
  | { ok: true; match: string | null }
  | { ok: false; reason: 'invalid'; message: string }
  | { ok: false; reason: 'timeout' };

type Job = { pattern: string; text?: string; resolve: (outcome: RegexOutcome) => void };

/**
 * One thread that runs every regex job of this process, in the order they come. A job that runs over its time ends
 * with a timeout outcome and the thread is terminated, so the jobs behind it wait at most that long each.
 */
class RegexThread {
  private worker: Worker | null = null;
  private readonly queue: Job[] = [];
  private current: { job: Job; id: number; timer: NodeJS.Timeout } | null = null;
  private nextId = 1;

  run(pattern: string, text?: string): Promise<RegexOutcome> {
    return new Promise((resolve) => {
      this.queue.push({ pattern, text, resolve });
      this.next();
    });
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(serverFile('src/checks/regex-thread-worker.mjs'), {
      execArgv: [],
      // A search's matcher state is small; a pattern whose compiled program is huge fails here, not in the server.
      resourceLimits: { maxOldGenerationSizeMb: 128 },
    });
    worker.unref();
    worker.on('message', (message: { id: number; ok: boolean; match?: string | null; message?: string }) => {
      if (message.id !== this.current?.id) return;
      this.finish(
        message.ok
          ? { ok: true, match: message.match ?? null }
          : { ok: false, reason: 'invalid', message: message.message ?? 'invalid pattern' },
      );
    });
    worker.on('error', (error) => {
      if (this.worker === worker) this.worker = null;
      this.finish({ ok: false, reason: 'invalid', message: error.message });
    });
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = null;
    });
    return (this.worker = worker);
  }

  private next() {
    if (this.current) return;
    const job = this.queue.shift();
    if (!job) return;
    const id = this.nextId++;
    const timer = setTimeout(() => {
      void this.worker?.terminate();
      this.worker = null;
      this.finish({ ok: false, reason: 'timeout' });
    }, REGEX_JOB_TIMEOUT_MS);
    this.current = { job, id, timer };
    this.thread().postMessage({ id, pattern: job.pattern, text: job.text });
  }

  private finish(outcome: RegexOutcome) {
    if (!this.current) return;
    clearTimeout(this.current.timer);
    const { job } = this.current;
    this.current = null;
    job.resolve(outcome);
    this.next();
  }
}

const regexThread = new RegexThread();

/** The first match of the pattern in the text, or null; compiled and searched off the event loop, within a time limit. */
export const searchRegex = (pattern: string, text: string) => regexThread.run(pattern, text);

/** Compiles the pattern on the regex thread: whether the linear-time engine can run it. */
export const compileRegex = (pattern: string) => regexThread.run(pattern);
