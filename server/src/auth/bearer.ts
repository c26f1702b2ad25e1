import type { FastifyRequest } from 'fastify';
import { findAccessTokenUser } from '../access-tokens/service.js';
import type { Db } from '../db/client.js';
import { bearerToken } from './tokens.js';

type FoundToken = Awaited<ReturnType<typeof findAccessTokenUser>>;

const lookups = new WeakMap<FastifyRequest, Promise<FoundToken>>();

/**
 * The API token a request's `Authorization: Bearer` header names (null when there is none, or it is unknown, revoked
 * or expired), looked up once per request: the rate limit needs it before authentication, to count a valid token on
 * its own and anything else against the client's address.
 */
export function accessTokenOf(db: Db, request: FastifyRequest): Promise<FoundToken> {
  const token = bearerToken(request);
  if (!token) return Promise.resolve(null);
  let found = lookups.get(request);
  if (!found) lookups.set(request, (found = findAccessTokenUser(db, token)));
  return found;
}
