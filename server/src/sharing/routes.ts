import { IdParams, SharedEvaluation, ShareStatus, ShareTokenParams, ROUTES, UrlResponse } from '@promptgrid/contract';
import { currentUser, type App } from '../http/types.js';
import { publicBaseUrl } from '../http/public-url.js';
import { createShareToken, getSharedEvaluation, getShareStatus, revokeShare } from './service.js';

const tags = ['sharing'];

export default async function sharingRoutes(app: App) {
  app.get(
    '/api/evaluations/:id/share/',
    { schema: { tags, params: IdParams, response: { 200: ShareStatus } } },
    (request) => getShareStatus(app.db, currentUser(request).id, request.params.id),
  );

  app.post(
    '/api/evaluations/:id/share/',
    {
      schema: {
        tags,
        description:
          "Makes a read-only link to the evaluation's grid that opens without signing in. The link is " +
          'shown only here (its token is stored hashed); making another replaces it.',
        params: IdParams,
        response: { 201: UrlResponse },
      },
    },
    async (request, reply) => {
      const token = await createShareToken(app.db, currentUser(request).id, request.params.id);
      return reply.code(201).send({ url: `${publicBaseUrl(app.config, request)}${ROUTES.sharePage(token)}` });
    },
  );

  app.delete(
    '/api/evaluations/:id/share/',
    { schema: { tags, description: 'Revokes the link.', params: IdParams } },
    async (request, reply) => {
      await revokeShare(app.db, currentUser(request).id, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/shared/:token/',
    {
      // Public by design: the unguessable token is the permission, and the answer holds only this one grid.
      config: { public: true },
      schema: {
        tags,
        description: "A shared evaluation's grid, for anyone with the link: no session needed.",
        params: ShareTokenParams,
        response: { 200: SharedEvaluation },
      },
    },
    (request) => getSharedEvaluation(app.db, request.params.token),
  );
}
