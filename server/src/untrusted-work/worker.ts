// The entry point of the untrusted-work pool's threads (piscina loads its default export): runs a task by name.
import type { MessagePort } from 'node:worker_threads';
import { HttpError } from '../http/errors.js';
import { untrustedTasks, type UntrustedTaskName } from './tasks.js';

/** A task's answer as it crosses to the main thread: an HttpError loses its class in a structured clone. */
export type TaskAnswer =
  { ok: true; value: unknown } | { ok: false; statusCode: number; message: string; fields?: Record<string, unknown> };

/** A job: the task's name and input, and the port on which its start is told (the deadline runs from there). */
type Job = { task: UntrustedTaskName; input: never; started: MessagePort };

export default async function runTask({ task, input, started }: Job): Promise<TaskAnswer> {
  started.postMessage(null);
  started.close();
  try {
    // A task answers its value, or a promise of it.
    return { ok: true, value: await Promise.resolve(untrustedTasks[task](input)) };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { ok: false, statusCode: error.statusCode, message: error.message, fields: error.fields };
  }
}
