import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SECURE_COOKIE_PREFIX, SESSION_COOKIE, STORAGE_KEYS } from '@promptgrid/contract';
import type { Db } from '../db/client.js';
import { serverSecrets } from '../db/schema.js';
import { returnedRow } from '../db/rows.js';

/** The session and CSRF cookie names: `__Host-` prefixed when the server is reached over https. */
export function cookieNames(secure: boolean) {
  const prefix = secure ? SECURE_COOKIE_PREFIX : '';
  return { session: `${prefix}${SESSION_COOKIE}`, csrf: `${prefix}${STORAGE_KEYS.csrfCookie}` };
}

/** A random secret made by whichever process asks first; every later process reads the same one. */
async function readOrCreateServerSecret(db: Db, name: string): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name, value: crypto.randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const row = returnedRow(
    await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name)),
  );
  return Buffer.from(row.value, 'base64');
}

/** The key that signs CSRF tokens: derived from SESSION_SECRET when set, else a random key kept in the database. */
export async function loadCsrfKey(db: Db, sessionSecret: string | null): Promise<Buffer> {
  if (sessionSecret) return Buffer.from(crypto.hkdfSync('sha256', sessionSecret, '', 'promptgrid csrf token key', 32));
  return readOrCreateServerSecret(db, 'csrf-token-key');
}

const mac = (key: Buffer, nonce: string, sessionToken: string) =>
  crypto.createHmac('sha256', key).update(`${nonce}.${sessionToken}`).digest('base64url');

/**
 * A CSRF token bound to the session cookie it was issued with (empty before sign-in): `nonce.HMAC(nonce, session)`.
 * A token read or planted elsewhere is useless with another session, and signing in issues a new one.
 */
export function issueCsrfToken(key: Buffer, sessionToken: string | undefined): string {
  const nonce = crypto.randomBytes(18).toString('base64url');
  return `${nonce}.${mac(key, nonce, sessionToken ?? '')}`;
}

export function csrfTokenValid(key: Buffer, token: string | undefined, sessionToken: string | undefined): boolean {
  if (!token || token.length > 200) return false;
  const [nonce, signature, ...rest] = token.split('.');
  if (!nonce || !signature || rest.length > 0) return false;
  return tokensMatch(signature, mac(key, nonce, sessionToken ?? ''));
}

export function tokensMatch(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
