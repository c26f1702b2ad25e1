// The entry point of the untrusted-work pool's threads (piscina loads its default export): runs a task by name.
import { HttpError } from '../http/errors.js';
import { untrustedTasks, type UntrustedTaskName } from './tasks.js';

/** A task's answer as it crosses to the main thread: an HttpError loses its class in a structured clone. */
export type TaskAnswer =
  { ok: true; value: unknown } | { ok: false; statusCode: number; message: string; fields?: Record<string, unknown> };

export default async function runTask({ task, input }: { task: UntrustedTaskName; input: never }): Promise<TaskAnswer> {
  try {
    // A task answers its value, or a promise of it.
    return { ok: true, value: await Promise.resolve(untrustedTasks[task](input)) };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { ok: false, statusCode: error.statusCode, message: error.message, fields: error.fields };
  }
}
