import type Stripe from 'stripe';
import { DeleteAccountInput, ROUTES } from '@promptgrid/contract';
import { currentUser, type App } from '../http/types.js';
import { createStripeClient } from '../billing/stripe.js';
import { deleteAccount } from './service.js';

export default async function accountRoutes(app: App) {
  // Made on the first deletion that needs it: most servers never load the Stripe SDK for this.
  let stripe: Promise<Stripe | null> | undefined;

  const { names, options: cookieOptions } = app.sessionCookies;

  app.delete(
    ROUTES.account,
    {
      // A token given to a script must not be able to delete the account it belongs to.
      config: { sessionOnly: true },
      schema: {
        tags: ['account'],
        description:
          "Deletes the signed-in user's account and all its data: projects, prompts, inputs, " +
          'evaluations and their results, stored provider keys, sessions and API tokens. A Standard subscription is ' +
          'cancelled at Stripe first (502 and nothing deleted if Stripe refuses). The body repeats ' +
          "the account's e-mail address (400 otherwise).",
        body: DeleteAccountInput,
      },
    },
    async (request, reply) => {
      stripe ??= createStripeClient(app.config);
      await deleteAccount(app.db, await stripe, currentUser(request), request.body.email);
      // By the names and attributes they were set with: over https they are `__Host-` cookies, which a browser only
      // clears when told with that name, `Secure` and `Path=/`.
      reply.clearCookie(names.session, cookieOptions);
      reply.clearCookie(names.csrf, cookieOptions);
      return reply.code(204).send();
    },
  );
}
