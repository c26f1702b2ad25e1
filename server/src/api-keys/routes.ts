import { z } from 'zod';
import { ApiKey, CreateApiKeyInput, IdParams, ROUTES, UpdateApiKeyInput } from '@promptgrid/contract';
import { currentUser, type App } from '../http/types.js';
import { createApiKey, deleteApiKey, listApiKeys, updateApiKey } from './service.js';

const tags = ['api keys'];
const byId = '/api/api-keys/:id/';

export default async function apiKeyRoutes(app: App) {
  app.get(ROUTES.apiKeys, { schema: { tags, response: { 200: z.array(ApiKey) } } }, (request) =>
    listApiKeys(app.db, currentUser(request).id),
  );

  app.post(
    ROUTES.apiKeys,
    { schema: { tags, body: CreateApiKeyInput, response: { 201: ApiKey } } },
    async (request, reply) => {
      const key = await createApiKey(app.db, app.sealingKey, currentUser(request).id, request.body);
      app.providers.prepare(key.provider, request.body.key); // real runs will follow
      return reply.code(201).send(key);
    },
  );

  app.put(byId, { schema: { tags, params: IdParams, body: UpdateApiKeyInput, response: { 200: ApiKey } } }, (request) =>
    updateApiKey(app.db, app.sealingKey, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(byId, { schema: { tags, params: IdParams } }, async (request, reply) => {
    await deleteApiKey(app.db, currentUser(request).id, request.params.id);
    return reply.code(204).send();
  });
}
