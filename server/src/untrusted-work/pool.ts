// The one way the server runs CPU work on untrusted input (uploaded files, users' patterns and templates): on a small
// pool of threads, each job within a deadline and a memory limit, so no upload can hold the event loop that answers
// every other request. See docs/decisions/0087-untrusted-work-pool.md.
import os from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { HttpError } from '../http/errors.js';
import { serverFile } from '../paths.js';
import type { UntrustedTaskInput, UntrustedTaskName, UntrustedTaskOutput } from './tasks.js';
import type { TaskAnswer } from './worker.js';

/** Heap a job may use before its thread is stopped: a 10 MB upload parsed into objects takes well under this. */
export const UNTRUSTED_WORK_MEMORY_MB = 256;
/** Jobs waiting for a thread; past this the request is refused (503) rather than the queue growing. */
export const UNTRUSTED_WORK_MAX_QUEUE = 16;
/** The deadline of a job whose caller names none. */
export const UNTRUSTED_WORK_DEFAULT_DEADLINE_MS = 10_000;

export type UntrustedWorkOptions = {
  /** Past this (from the job's start on a thread) the thread is terminated and the call fails with a 422 naming it. */
  deadlineMs?: number;
  /** What the job is, as the start of the error's sentence: 'Reading the import'. */
  what: string;
};

/**
 * From the sources (vitest, tsx) the thread runs worker.ts through tsx; from the build (`npm start`), the bundled
 * entry point scripts/server-build.mjs writes beside the server's.
 */
const fromSources = import.meta.url.endsWith('.ts');

let pool: Piscina | null = null;

function thePool(): Piscina {
  if (pool) return pool;
  pool = new Piscina({
    filename: pathToFileURL(serverFile(fromSources ? 'src/untrusted-work/worker.ts' : 'dist/untrusted-worker.js')).href,
    // The server's own flags are V8's, which a thread cannot take.
    execArgv: fromSources ? ['--import', 'tsx'] : [],
    // One thread per core less the main thread's, at most two: the jobs wait for a thread rather than take the cores
    // the server and its database need.
    minThreads: 0,
    maxThreads: Math.max(1, Math.min(2, os.availableParallelism() - 1)),
    idleTimeout: 60_000,
    // Below the server's priority (nice +10, through piscina's optional @napi-rs/nice): on a busy machine the kernel
    // gives the main thread the core first, and the job is the one that waits, within its deadline.
    niceIncrement: 10,
    resourceLimits: { maxOldGenerationSizeMb: UNTRUSTED_WORK_MEMORY_MB },
  });
  // A thread that fails outside a job (its memory limit reached as a job ended) is replaced by the pool; a job's own
  // failure reaches its caller. Without a listener the pool's 'error' event would stop the server.
  pool.on('error', () => {});
  return pool;
}

const seconds = (ms: number) => (ms >= 1000 ? `${ms / 1000} seconds` : `${ms} ms`);

/** The caller's error for a job the pool stopped; null for any other error (a bug: 500). */
function limitError(error: unknown, what: string, deadlineMs: number, signal: AbortSignal): HttpError | null {
  if (signal.aborted)
    return new HttpError(422, `${what} took longer than ${seconds(deadlineMs)} and was stopped.`, undefined, error);
  if ((error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY')
    return new HttpError(422, `${what} needed more than ${UNTRUSTED_WORK_MEMORY_MB} MB of memory and was stopped.`);
  return null;
}

/**
 * Runs a task of tasks.ts on the pool and answers its value. An HttpError the task throws is thrown here as it was;
 * a job past its deadline or memory limit throws a 422 naming the limit, and a job refused by a full queue a 503.
 */
export async function runUntrusted<Name extends UntrustedTaskName>(
  task: Name,
  input: UntrustedTaskInput<Name>,
  { deadlineMs = UNTRUSTED_WORK_DEFAULT_DEADLINE_MS, what }: UntrustedWorkOptions,
): Promise<UntrustedTaskOutput<Name>> {
  // Piscina's own maxQueue does not count jobs that carry an abort signal, as every job here does.
  if (thePool().queueSize >= UNTRUSTED_WORK_MAX_QUEUE)
    throw new HttpError(503, 'The server is busy reading other uploads; try again in a minute.');
  // The deadline runs from the job's start on its thread, not from its queueing: a thread starting (a second or more
  // from the sources under tsx on a busy machine) or a job waiting behind others is not the job's own time.
  const deadline = new AbortController();
  const { port1: startedHere, port2: started } = new MessageChannel();
  startedHere.unref();
  let timer: NodeJS.Timeout | undefined;
  startedHere.once('message', () => (timer = setTimeout(() => deadline.abort(), deadlineMs)));
  let answer: TaskAnswer;
  try {
    const job = { task, input, started };
    answer = (await thePool().run(job, { signal: deadline.signal, transferList: [started] })) as TaskAnswer;
  } catch (error) {
    throw limitError(error, what, deadlineMs, deadline.signal) ?? error;
  } finally {
    clearTimeout(timer);
    startedHere.close();
  }
  if (!answer.ok) throw new HttpError(answer.statusCode, answer.message, answer.fields);
  return answer.value as UntrustedTaskOutput<Name>;
}

/** Stops the pool's threads (a stopping server, a test's end); the next job starts them again. */
export async function closeUntrustedPool(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.destroy();
}
