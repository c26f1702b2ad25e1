import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { User } from '@promptgrid/contract';
import type { Config } from '../config.js';

/** The app with Zod-typed routes; route plugins take this. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
  interface FastifyRequest {
    user: User | null;
    sessionTokenHash: string | null;
    /** The API token the request was authenticated with (none with a session). */
    accessToken: { id: number; expiresAt: Date | null } | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (sign-in, health, page config, webhook). */
    public?: boolean;
    /** A page or asset (the web build, the API reference): public, and no session is looked up for it. */
    page?: boolean;
    /** false where another proof replaces the CSRF token and Origin check on unsafe methods (Stripe's signature). */
    csrf?: boolean;
    /**
     * Refuses API tokens (401): signing in and out, token management and billing act on the account itself, which a
     * token given to a script must not.
     */
    sessionOnly?: boolean;
    /** The route checks its own credentials (the metrics token): no session or API token is looked up for it. */
    ownCredentials?: boolean;
  }
}

/** The signed-in user of a route that is not public: the auth hook has already answered 401 otherwise. */
export function currentUser(request: { user: User | null }): User {
  if (!request.user) throw new Error('currentUser() on a request without a session');
  return request.user;
}
