import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '@promptgrid/contract';
import { HttpError } from '../http/errors.js';
import { SessionStore } from './sessions.js';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
  }
}

/** Reads the session cookie into request.user; every /api/ route that is not public needs one. */
export const authentication = fp(
  async (app: FastifyInstance) => {
    app.decorate('sessions', new SessionStore(app.db, app.config.sessionTtlMs));
    app.addHook('onReady', () => app.sessions.deleteExpired());
    app.decorateRequest('user', null);
    app.decorateRequest('sessionTokenHash', null);
    app.addHook('onRequest', async (request) => {
      const path = request.url.split('?')[0];
      // Pages and assets need no user: no session query for them.
      if (!path.startsWith('/api/') && !path.startsWith('/auth/')) return;
      const token = request.cookies[SESSION_COOKIE];
      if (token) {
        const found = await app.sessions.find(token);
        if (found) {
          request.user = found.user;
          request.sessionTokenHash = found.tokenHash;
        }
      }
      // Here rather than in preHandler: an anonymous caller gets 401 before body validation can answer 400.
      if (request.user || request.routeOptions.config.public) return;
      const apiReference = path === '/api/docs' || path.startsWith('/api/docs/');
      if (path.startsWith('/api/') && !apiReference)
        throw new HttpError(401, 'Authentication credentials were not provided.');
    });
  },
  { name: 'authentication', dependencies: ['config', 'security', 'database'] },
);
