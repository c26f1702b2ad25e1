import type { FastifyReply } from 'fastify';
import formbody from '@fastify/formbody';
import { z } from 'zod';
import {
  CsrfTokenResponse,
  DevSignInInput,
  GoogleCredentialInput,
  ROUTES,
  SignInError as SignInErrorBody,
  SignInResponse,
  User,
} from '@promptgrid/contract';
import type { App } from '../http/types.js';
import { HttpError } from '../http/errors.js';
import { createGoogleVerifier, SignInError } from './google.js';
import { findOrCreateUser, findOrLinkGoogleUser } from './users.js';

const publicRoute = { public: true, sessionOnly: true } as const;

export default async function authRoutes(app: App) {
  const { config } = app;
  const verifyGoogleCredential = config.google.clientId
    ? createGoogleVerifier({ clientId: config.google.clientId, jwksUrl: config.google.jwksUrl })
    : null;
  const { names, options: cookieBase } = app.sessionCookies;

  async function signIn(reply: FastifyReply, previousTokenHash: string | null, user: { id: number; email: string }) {
    // A new session id and CSRF token at every sign-in; the old session (if any) ends.
    if (previousTokenHash) await app.sessions.delete(previousTokenHash);
    const token = await app.sessions.create(user.id);
    reply.setCookie(names.session, token, {
      ...cookieBase,
      httpOnly: true,
      maxAge: Math.floor(config.sessionTtlMs / 1000),
    });
    app.sessionCookies.issueCsrf(reply, token);
    return { status: 'success' as const, user, message: 'Signed in successfully.' };
  }

  app.get(
    ROUTES.auth.csrfToken,
    { config: publicRoute, schema: { tags: ['auth'], response: { 200: CsrfTokenResponse } } },
    async (request, reply) => ({
      csrfToken:
        app.sessionCookies.currentCsrf(request) ?? app.sessionCookies.issueCsrf(reply, request.cookies[names.session]),
    }),
  );

  // The sign-in callback is the one route that takes a form body (Google's credential, form-encoded as the client
  // sends it); the parser lives in this child plugin only, so every other route accepts JSON alone.
  await app.register(async (forms: App) => {
    await forms.register(formbody);
    forms.post(
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
        const user = await findOrLinkGoogleUser(app.db, identity);
        if (!user) {
          return reply
            .code(401)
            .send({ status: 'error', message: 'This e-mail address is already linked to another Google account.' });
        }
        return signIn(reply, request.sessionTokenHash, user);
      },
    );
  });

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
      reply.clearCookie(names.session, cookieBase);
      app.sessionCookies.issueCsrf(reply);
      return { status: 'success' as const };
    },
  );
}
