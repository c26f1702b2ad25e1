import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

/** The claims of a Google ID token that the server checks. */
export type GoogleIdTokenClaims = {
  iss: string;
  aud: string;
  sub: string;
  email: string;
  email_verified: boolean;
  /** Seconds since the epoch. */
  exp: number;
  iat: number;
  [claim: string]: unknown;
};

export type SignIdTokenOptions = Partial<GoogleIdTokenClaims> & {
  /** Sign with a key the JWKS does not hold (same `kid`), so only the signature check can refuse it. */
  untrusted?: boolean;
};

export type FakeGoogle = {
  /** The client id tokens are issued for by default; give it to the server as GOOGLE_CLIENT_ID. */
  clientId: string;
  /** Give it to the server as GOOGLE_JWKS_URL. */
  jwksUrl: string;
  /** A signed Google-like ID token; a claim set to `undefined` is left out. */
  signIdToken(options?: SignIdTokenOptions): Promise<string>;
  /** How many times the JWKS was fetched. */
  readonly jwksRequests: number;
  /** The env a server needs to trust this fake. */
  env: { GOOGLE_CLIENT_ID: string; GOOGLE_JWKS_URL: string };
  close(): Promise<void>;
};

const KID = 'promptgrid-test-key';

/** A local stand-in for Google's sign-in keys: a JWKS on 127.0.0.1 (random port) and an RS256 key that signs ID tokens. */
export async function startFakeGoogle(options: { clientId?: string } = {}): Promise<FakeGoogle> {
  const clientId =
    options.clientId ?? `test-client-${crypto.randomBytes(4).toString('hex')}.apps.googleusercontent.com`;
  const trusted = await generateKeyPair('RS256', { extractable: true });
  let untrusted: CryptoKey | undefined;
  const publicJwk: JWK = { ...(await exportJWK(trusted.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const body = JSON.stringify({ keys: [publicJwk] });

  let jwksRequests = 0;
  const server = http.createServer((request, response) => {
    if (request.method === 'GET' && request.url?.split('?')[0] === '/oauth2/v3/certs') {
      jwksRequests++;
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' });
      response.end(body);
      return;
    }
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end('{"error":"not_found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const jwksUrl = `http://127.0.0.1:${port}/oauth2/v3/certs`;

  async function signIdToken({ untrusted: useUntrusted = false, ...overrides }: SignIdTokenOptions = {}) {
    const now = Math.floor(Date.now() / 1000);
    const email = overrides.email ?? `user-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const claims: Record<string, unknown> = {
      iss: 'https://accounts.google.com',
      aud: clientId,
      // One Google account per e-mail unless a test says otherwise: Google's subject is a number that never changes.
      sub: String(
        BigInt(`0x${crypto.createHash('sha256').update(String(email).toLowerCase()).digest('hex').slice(0, 15)}`),
      ),
      email,
      email_verified: true,
      iat: now,
      exp: now + 3600,
      ...overrides,
    };
    for (const [name, value] of Object.entries(claims)) if (value === undefined) delete claims[name];
    let key = trusted.privateKey;
    if (useUntrusted) {
      untrusted ??= (await generateKeyPair('RS256')).privateKey;
      key = untrusted;
    }
    return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' }).sign(key);
  }

  return {
    clientId,
    jwksUrl,
    signIdToken,
    get jwksRequests() {
      return jwksRequests;
    },
    env: { GOOGLE_CLIENT_ID: clientId, GOOGLE_JWKS_URL: jwksUrl },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
