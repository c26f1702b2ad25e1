import { createRemoteJWKSet, jwtVerify, errors } from 'jose';

export type GoogleIdentity = { email: string; sub: string };

export class SignInError extends Error {}

/** Verifies a Google ID token: RS256 signature from Google's JWKS, issuer, audience, expiry and a verified e-mail. */
export function createGoogleVerifier(options: { clientId: string; jwksUrl: string }) {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl));
  return async function verifyGoogleCredential(credential: string): Promise<GoogleIdentity> {
    let payload;
    try {
      ({ payload } = await jwtVerify(credential, jwks, {
        algorithms: ['RS256'],
        issuer: ['accounts.google.com', 'https://accounts.google.com'],
        audience: options.clientId,
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired)
        throw new SignInError('Your Google sign-in has expired. Please try again.');
      if (error instanceof errors.JWTClaimValidationFailed)
        throw new SignInError('This sign-in was not issued for this application.');
      if (error instanceof errors.JOSEError) throw new SignInError('The Google sign-in could not be verified.');
      throw error;
    }
    if (typeof payload.email !== 'string' || payload.email_verified !== true) {
      throw new SignInError('Your Google account e-mail is not verified.');
    }
    if (typeof payload.sub !== 'string') throw new SignInError('The Google sign-in could not be verified.');
    return { email: payload.email.toLowerCase(), sub: payload.sub };
  };
}
