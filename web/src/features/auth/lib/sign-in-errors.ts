import { ApiError } from '@/lib/api-client';

/** A sign-in failure whose message is meant for the user, shown as it is. */
export class SignInFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignInFailure';
  }
}

export const SIGN_IN_FALLBACK_ERROR = 'Authentication failed. Please try again.';

/** The text to show for a failed sign-in: our own message, a server message, or the fallback. */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof SignInFailure) return error.message;
  if (error instanceof ApiError && error.message !== 'An error occurred') return error.message;
  return SIGN_IN_FALLBACK_ERROR;
}
