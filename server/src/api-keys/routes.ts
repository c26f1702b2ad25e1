import fp from 'fastify-plugin';
import { z } from 'zod';
import { ApiKey, CreateApiKeyInput, IdParams, ROUTES, UpdateApiKeyInput } from '@promptgrid/contract';
import { preloadSdks } from '../providers/call.js';
import { currentUser, type App } from '../http/types.js';
import { loadEncryptionKey, type EncryptionKey } from './sealing.js';
import { createApiKey, deleteApiKey, listApiKeys, resealApiKeys, updateApiKey } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Seals and unseals provider API keys (AES-256-GCM). */
    sealingKey: EncryptionKey;
  }
}

const tags = ['api keys'];
const byId = '/api/api-keys/:id/';

async function apiKeyRoutes(app: App) {
  app.decorate(
    'sealingKey',
    loadEncryptionKey(app.config.encryptionKey, app.config.dataDir, app.config.previousEncryptionKeys),
  );
  if (app.sealingKey.previous?.size) {
    app.addHook('onReady', async () => {
      const { resealed, unknownKey } = await resealApiKeys(app.db, app.sealingKey);
      app.log.info(
        { resealed, unknownKey },
        'provider keys sealed with APP_ENCRYPTION_KEY_PREVIOUS resealed with APP_ENCRYPTION_KEY',
      );
    });
  }

  app.get(ROUTES.apiKeys, { schema: { tags, response: { 200: z.array(ApiKey) } } }, (request) =>
    listApiKeys(app.db, currentUser(request).id),
  );

  app.post(
    ROUTES.apiKeys,
    { schema: { tags, body: CreateApiKeyInput, response: { 201: ApiKey } } },
    async (request, reply) => {
      const key = await createApiKey(app.db, app.sealingKey, currentUser(request).id, request.body);
      preloadSdks([key.provider]); // real runs will follow
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

// Not encapsulated: the evaluation worker reads `sealingKey` too.
export default fp(apiKeyRoutes, { name: 'api-keys', dependencies: ['config', 'database'] });
