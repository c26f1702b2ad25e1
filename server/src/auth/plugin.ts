import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors.js';
import { SessionStore } from './sessions.js';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
  }
}

/**
 * Reads the session cookie into request.user. Every route needs a session unless its config says `public`; pages and
 * assets (`page`) skip the lookup. Unknown paths are left to the not-found handler.
 */
export const authentication = fp(
  async (app: FastifyInstance) => {
    app.decorate('sessions', new SessionStore(app.db, app.config.sessionTtlMs));
    app.addHook('onReady', () => app.sessions.deleteExpired());
    app.decorateRequest('user', null);
    app.decorateRequest('sessionTokenHash', null);

    app.addHook('preParsing', async (request) => {
      const route = request.routeOptions.config;
      if (route.page) return;
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
  { name: 'authentication', dependencies: ['config', 'security', 'database'] },
);
