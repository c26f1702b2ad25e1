import { ApiError, errorSentences } from '@/lib/api-client';

/** A sign-in failure whose message is meant for the user, shown as it is. */
export class SignInFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignInFailure';
  }
}

export const SIGN_IN_FALLBACK_ERROR = 'Authentication failed. Please try again.';

/** The text to show for a failed sign-in: our own message, the server's sentences, or the fallback. */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof SignInFailure) return error.message;
  if (error instanceof ApiError) return errorSentences(error.body) ?? SIGN_IN_FALLBACK_ERROR;
  return SIGN_IN_FALLBACK_ERROR;
}
