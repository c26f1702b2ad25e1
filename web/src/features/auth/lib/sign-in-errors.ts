import { ApiError } from '@/lib/api-client';

/** A sign-in failure whose message is meant for the user, shown as it is. */
export class SignInFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignInFailure';
  }
}

export const SIGN_IN_FALLBACK_ERROR = 'Authentication failed. Please try again.';

/** A field-keyed error body's sentences alone: the sign-in form has one field, so "email:" would only be noise. */
function sentencesOf(body: unknown): string | null {
  if (body === null || typeof body !== 'object') return null;
  const sentences = Object.values(body as Record<string, unknown>).flatMap((value) =>
    Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [],
  );
  return sentences.length > 0 ? sentences.join(' ') : null;
}

/** The text to show for a failed sign-in: our own message, the server's sentences, or the fallback. */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof SignInFailure) return error.message;
  if (error instanceof ApiError) return sentencesOf(error.body) ?? SIGN_IN_FALLBACK_ERROR;
  return SIGN_IN_FALLBACK_ERROR;
}
