import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api-client';

/**
 * A form checked in the browser by the shared contract's schema: the messages are the ones the server answers with.
 * The values stay as typed (`raw`); the caller turns them into the request body.
 */
export const contractResolver = <T extends FieldValues>(schema: z.ZodType): Resolver<T> =>
  // The schema may take the values in another shape (a preprocess): its input type says nothing about the form's.
  zodResolver(schema as z.ZodType<unknown, T>, undefined, { raw: true });

/** The first message at or under a field: a record or list field holds its messages per entry. */
export function fieldMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as Partial<FieldError>;
  if (typeof message === 'string' && message) return message;
  for (const [key, nested] of Object.entries(error)) {
    if (key === 'ref' || key === 'type' || key === 'message') continue;
    const found = fieldMessage(nested);
    if (found) return found;
  }
  return undefined;
}

/**
 * A refused save's 400 body (`{field: [messages]}`) put on the form's own fields; returns the text of what belongs to
 * no field (null when every message found its field), or undefined when the error is not a 400.
 */
export function placeServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldOf: (key: string) => Path<T> | null,
): string | null | undefined {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.body || typeof error.body !== 'object')
    return undefined;
  const other: string[] = [];
  for (const [key, value] of Object.entries(error.body as Record<string, unknown>)) {
    const text = Array.isArray(value) ? value.join(' ') : String(value);
    const field = fieldOf(key);
    if (field) setError(field, { type: 'server', message: text });
    else other.push(text);
  }
  return other.length > 0 ? other.join(' ') : null;
}
