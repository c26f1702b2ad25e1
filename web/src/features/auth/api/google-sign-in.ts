import { CSRF_HEADER, ROUTES, type User } from '@promptgrid/contract';
import { getCsrfToken } from '@/lib/api-client';
import { SignInFailure } from '../lib/sign-in-errors';

/**
 * Posts the Google credential, form-encoded, to the sign-in callback path (Google's own redirect flow posts a form there too).
 * The answer must be JSON with status 'success' and a user; otherwise this throws a SignInFailure with
 * the texts the sign-in page shows.
 */
export async function postGoogleCredential(credential: string): Promise<User> {
  const csrfToken = await getCsrfToken();
  const response = await fetch(ROUTES.auth.receiver, {
    method: 'POST',
    credentials: 'include',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
      [CSRF_HEADER]: csrfToken,
    },
    body: new URLSearchParams({ credential }).toString(),
  });
  return readSignInResponse(response);
}

export async function readSignInResponse(response: Response): Promise<User> {
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) {
    throw new SignInFailure('Received non-JSON response from server');
  }
  const body = (await response.json().catch(() => null)) as { status?: string; user?: User; message?: string } | null;
  if (body?.status === 'success' && body.user) return body.user;
  throw new SignInFailure(body?.message || 'Login failed');
}
