import crypto from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  CsrfTokenResponse,
  DevSignInInput,
  GoogleCredentialInput,
  ROUTES,
  SESSION_COOKIE,
  STORAGE_KEYS,
  SignInError as SignInErrorBody,
  SignInResponse,
  User,
} from '@promptgrid/contract';
import type { App } from '../http/types.js';
import { HttpError } from '../http/errors.js';
import { createGoogleVerifier, SignInError } from './google.js';
import { findOrCreateUser } from './users.js';

const publicRoute = { public: true } as const;

export default async function authRoutes(app: App) {
  const { config } = app;
  const verifyGoogleCredential = config.google.clientId
    ? createGoogleVerifier({ clientId: config.google.clientId, jwksUrl: config.google.jwksUrl })
    : null;
  const cookieBase = { path: '/', sameSite: 'lax' as const, secure: config.secureCookies };

  async function signIn(reply: FastifyReply, previousTokenHash: string | null, user: { id: number; email: string }) {
    // A new session id at every sign-in; the old one (if any) ends.
    if (previousTokenHash) await app.sessions.delete(previousTokenHash);
    const token = await app.sessions.create(user.id);
    reply.setCookie(SESSION_COOKIE, token, {
      ...cookieBase,
      httpOnly: true,
      maxAge: Math.floor(config.sessionTtlMs / 1000),
    });
    return { status: 'success' as const, user, message: 'Signed in successfully.' };
  }

  app.get(
    ROUTES.auth.csrfToken,
    { config: publicRoute, schema: { tags: ['auth'], response: { 200: CsrfTokenResponse } } },
    async (request, reply) => {
      const existing = request.cookies[STORAGE_KEYS.csrfCookie];
      const csrfToken =
        existing && /^[A-Za-z0-9_-]{32,128}$/.test(existing) ? existing : crypto.randomBytes(32).toString('base64url');
      reply.setCookie(STORAGE_KEYS.csrfCookie, csrfToken, { ...cookieBase, httpOnly: false, maxAge: 365 * 24 * 3600 });
      return { csrfToken };
    },
  );

  app.post(
    ROUTES.auth.receiver,
    {
      config: { ...publicRoute, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags: ['auth'],
        consumes: ['application/x-www-form-urlencoded'],
        body: GoogleCredentialInput,
        response: { 200: SignInResponse, 401: SignInErrorBody, 502: SignInErrorBody, 503: SignInErrorBody },
      },
    },
    async (request, reply) => {
      if (!verifyGoogleCredential) {
        return reply.code(503).send({ status: 'error', message: 'Google sign-in is not configured on this server.' });
      }
      let identity;
      try {
        identity = await verifyGoogleCredential(request.body.credential);
      } catch (error) {
        if (error instanceof SignInError) return reply.code(401).send({ status: 'error', message: error.message });
        request.log.warn({ err: error }, 'Google JWKS unreachable');
        return reply
          .code(502)
          .send({ status: 'error', message: 'Could not reach Google to verify the sign-in. Please try again.' });
      }
      const user = await findOrCreateUser(app.db, identity.email, identity.sub);
      return signIn(reply, request.sessionTokenHash, user);
    },
  );

  app.post(
    ROUTES.auth.devSignIn,
    {
      config: { ...publicRoute, rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: { tags: ['auth'], body: DevSignInInput, response: { 200: SignInResponse } },
    },
    async (request, reply) => {
      if (!config.devLogin) throw new HttpError(404, 'Not found.');
      const user = await findOrCreateUser(app.db, request.body.email);
      return signIn(reply, request.sessionTokenHash, user);
    },
  );

  app.get(
    ROUTES.auth.me,
    { config: publicRoute, schema: { tags: ['auth'], response: { 200: User } } },
    async (request) => {
      if (!request.user) throw new HttpError(401, 'Not signed in.');
      return request.user;
    },
  );

  app.post(
    ROUTES.auth.signOut,
    { config: publicRoute, schema: { tags: ['auth'], response: { 200: z.object({ status: z.literal('success') }) } } },
    async (request, reply) => {
      if (request.sessionTokenHash) await app.sessions.delete(request.sessionTokenHash);
      reply.clearCookie(SESSION_COOKIE, cookieBase);
      return { status: 'success' as const };
    },
  );
}
