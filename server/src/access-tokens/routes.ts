import { z } from 'zod';
import { AccessToken, CreateAccessTokenInput, CreatedAccessToken, IdParams, ROUTES } from '@promptgrid/contract';
import { credentialKey } from '../evaluations/live/streams.js';
import { currentUser, type App } from '../http/types.js';
import { createAccessToken, listAccessTokens, revokeAccessToken } from './service.js';

const tags = ['api tokens'];
// A token must not mint or revoke tokens: only the signed-in user manages them.
const config = { sessionOnly: true };

export default async function accessTokenRoutes(app: App) {
  app.get(ROUTES.accessTokens, { config, schema: { tags, response: { 200: z.array(AccessToken) } } }, (request) =>
    listAccessTokens(app.db, currentUser(request).id),
  );

  app.post(
    ROUTES.accessTokens,
    {
      config,
      schema: {
        tags,
        description: 'Creates a personal API token. The answer holds the token itself; it is never shown again.',
        body: CreateAccessTokenInput,
        response: { 201: CreatedAccessToken },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createAccessToken(app.db, currentUser(request).id, request.body)),
  );

  app.delete(
    '/api/tokens/:id/',
    {
      config,
      schema: {
        tags,
        description: 'Revokes the token at once, on every server process; the live streams it opened end.',
        params: IdParams,
      },
    },
    async (request, reply) => {
      await revokeAccessToken(app.db, currentUser(request).id, request.params.id);
      app.live.endCredential(credentialKey({ accessToken: request.params.id }));
      return reply.code(204).send();
    },
  );
}
