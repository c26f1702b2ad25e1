import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { signInDestination } from './sign-in-outcome';
import { signInErrorMessage, SignInFailure } from './sign-in-errors';
import { readSignInResponse } from '../api/google-sign-in';

describe('signInDestination', () => {
  it('goes to /projects when the subscription check says active', async () => {
    await expect(signInDestination(async () => ({ active: true }))).resolves.toBe('/projects');
  });

  it('goes to /landing when it is not active', async () => {
    await expect(signInDestination(async () => ({ active: false }))).resolves.toBe('/landing');
  });

  it('goes to /landing when the check fails', async () => {
    await expect(signInDestination(vi.fn().mockRejectedValue(new Error('network')))).resolves.toBe('/landing');
  });

  it('keeps a landing section as the return target', async () => {
    const inactive = async () => ({ active: false });
    await expect(signInDestination(inactive, '/landing#pricing')).resolves.toBe('/landing#pricing');
    await expect(signInDestination(async () => ({ active: true }), '/landing#pricing')).resolves.toBe('/projects');
  });

  it('goes back to the page of the app the visitor asked for, never to another site', async () => {
    const inactive = async () => ({ active: false });
    const deepLink = '/project/3/results?evaluation=9';
    await expect(signInDestination(inactive, deepLink)).resolves.toBe(deepLink);
    await expect(signInDestination(async () => ({ active: true }), deepLink)).resolves.toBe(deepLink);
    await expect(signInDestination(inactive, 'https://evil.example/')).resolves.toBe('/landing');
    await expect(signInDestination(inactive, '//evil.example/')).resolves.toBe('/landing');
    await expect(signInDestination(inactive, '/\\evil.example/')).resolves.toBe('/landing');
    await expect(signInDestination(inactive, '/signin')).resolves.toBe('/landing');
  });
});

const response = (body: string, contentType = 'application/json', status = 200) =>
  new Response(body, { status, headers: { 'content-type': contentType } });

describe('readSignInResponse (the sign-in callback answer)', () => {
  it('returns the user of a success answer', async () => {
    await expect(
      readSignInResponse(
        response(JSON.stringify({ status: 'success', user: { id: 1, email: 'a@b.c' }, message: 'ok' })),
      ),
    ).resolves.toEqual({
      id: 1,
      email: 'a@b.c',
    });
  });

  it("refuses a non-JSON answer with 'Received non-JSON response from server'", async () => {
    await expect(readSignInResponse(response('<html></html>', 'text/html'))).rejects.toThrow(
      'Received non-JSON response from server',
    );
  });

  it("shows the server's message, or 'Login failed' without one", async () => {
    await expect(
      readSignInResponse(
        response(JSON.stringify({ status: 'error', message: 'Token expired.' }), 'application/json', 401),
      ),
    ).rejects.toThrow('Token expired.');
    await expect(
      readSignInResponse(response(JSON.stringify({ status: 'error' }), 'application/json', 401)),
    ).rejects.toThrow('Login failed');
    await expect(readSignInResponse(response(JSON.stringify({ status: 'success' })))).rejects.toThrow('Login failed');
  });
});

describe('signInErrorMessage', () => {
  it("shows our own text, the server's sentences without their field names, and the fallback for anything else", () => {
    expect(signInErrorMessage(new SignInFailure('Login failed'))).toBe('Login failed');
    const refused = { email: ['Enter a valid e-mail address.'] };
    expect(signInErrorMessage(new ApiError('email: Enter a valid e-mail address.', 400, refused))).toBe(
      'Enter a valid e-mail address.',
    );
    expect(signInErrorMessage(new ApiError('An error occurred', 502, null))).toBe(
      'Authentication failed. Please try again.',
    );
    expect(signInErrorMessage(new TypeError('Failed to fetch'))).toBe('Authentication failed. Please try again.');
  });
});
