import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors.js';
import { SessionStore } from './sessions.js';
import { accessTokenOf } from './bearer.js';
import { bearerToken } from './tokens.js';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
  }
}

const TOKEN_REFUSED = 'API tokens are not accepted here: sign in in the browser.';
// Fits both 401 bodies a route may declare: `{detail}` and the sign-in callback's `{status, message}` (each route's
// response schema keeps only its own fields).
const TOKEN_REFUSED_BODY = { detail: TOKEN_REFUSED, status: 'error', message: TOKEN_REFUSED };

/**
 * Reads the session cookie, or an `Authorization: Bearer` API token, into request.user. Every route needs one unless
 * its config says `public`; pages and assets (`page`) skip the lookup. A request with a bearer header is judged by the
 * token alone (a cookie beside it is ignored), and routes marked `sessionOnly` refuse it. Unknown paths are left to
 * the not-found handler.
 */
export const authentication = fp(
  async (app: FastifyInstance) => {
    app.decorate('sessions', new SessionStore(app.db, app.config.sessionTtlMs));
    app.addHook('onReady', () => app.sessions.deleteExpired());
    app.decorateRequest('user', null);
    app.decorateRequest('sessionTokenHash', null);
    app.decorateRequest('accessToken', null);

    app.addHook('preParsing', async (request) => {
      const route = request.routeOptions.config;
      if (route.page || route.ownCredentials) return;
      const bearer = bearerToken(request);
      if (bearer !== null) {
        if (route.sessionOnly) throw new HttpError(401, TOKEN_REFUSED, TOKEN_REFUSED_BODY);
        const found = await accessTokenOf(app.db, request);
        if (!found) throw new HttpError(401, 'Invalid, expired or revoked API token.');
        request.user = found.user;
        request.accessToken = { id: found.tokenId, expiresAt: found.expiresAt };
        return;
      }
      const token = request.cookies[app.sessionCookies.names.session];
      if (token) {
        const found = await app.sessions.find(token);
        if (found) {
          request.user = found.user;
          request.sessionTokenHash = found.tokenHash;
        }
      }
      // Before parsing and validation: an anonymous caller gets 401, not 400 for its body.
      if (request.user || route.public || request.routeOptions.url === undefined) return;
      throw new HttpError(401, 'Authentication credentials were not provided.');
    });
  },
  { name: 'authentication', dependencies: ['config', 'security', 'promptgrid-database'] },
);
