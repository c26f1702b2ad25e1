import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** What the database keeps of a session or API token: its SHA-256, so a stolen table opens no account. */
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The API token of an `Authorization: Bearer` header ('' when malformed), null without the header. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return header ? (BEARER.exec(header)?.[1] ?? '') : null;
}
