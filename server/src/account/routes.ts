import type Stripe from 'stripe';
import { DeleteAccountInput, ROUTES, SESSION_COOKIE, STORAGE_KEYS } from '@promptgrid/contract';
import { currentUser, type App } from '../http/types.js';
import { createStripeClient } from '../billing/stripe.js';
import { deleteAccount } from './service.js';

export default async function accountRoutes(app: App) {
  // Made on the first deletion that needs it: most servers never load the Stripe SDK for this.
  let stripe: Promise<Stripe | null> | undefined;

  app.delete(
    ROUTES.account,
    {
      schema: {
        tags: ['account'],
        description:
          "Deletes the signed-in user's account and all its data: projects, prompts, inputs, " +
          'evaluations and their results, stored provider keys, sessions. A Standard subscription is ' +
          'cancelled at Stripe first (502 and nothing deleted if Stripe refuses). The body repeats ' +
          "the account's e-mail address (400 otherwise).",
        body: DeleteAccountInput,
      },
    },
    async (request, reply) => {
      stripe ??= createStripeClient(app.config);
      const ended = await deleteAccount(app.db, await stripe, currentUser(request), request.body.email);
      // This process caches sessions for a few seconds: forget the deleted ones now.
      await Promise.all(ended.map((tokenHash) => app.sessions.delete(tokenHash)));
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      reply.clearCookie(STORAGE_KEYS.csrfCookie, { path: '/' });
      return reply.code(204).send();
    },
  );
}
