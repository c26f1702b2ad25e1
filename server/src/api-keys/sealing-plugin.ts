import fp from 'fastify-plugin';
import { loadEncryptionKey, type EncryptionKey } from './sealing.js';
import { resealApiKeys } from './service.js';
import { resealEndpoints } from '../endpoints/sealed.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Seals and unseals provider API keys (AES-256-GCM). */
    sealingKey: EncryptionKey;
  }
}

/**
 * Loads the key that seals provider API keys and endpoints' keys once for the app (the key routes and the evaluation
 * worker share it), and reseals at start those still sealed with one of APP_ENCRYPTION_KEY_PREVIOUS.
 */
export const sealingPlugin = fp(
  async (app) => {
    const { encryptionKey, dataDir, previousEncryptionKeys } = app.config;
    app.decorate('sealingKey', loadEncryptionKey(encryptionKey, dataDir, previousEncryptionKeys));
    if (!app.sealingKey.previous?.size) return;
    app.addHook('onReady', async () => {
      const keys = await resealApiKeys(app.db, app.sealingKey);
      const endpoints = await resealEndpoints(app.db, app.sealingKey);
      app.log.info(
        { resealed: keys.resealed, unknownKey: keys.unknownKey, endpoints },
        'provider and endpoint keys sealed with APP_ENCRYPTION_KEY_PREVIOUS resealed with APP_ENCRYPTION_KEY',
      );
    });
  },
  { name: 'promptgrid-sealing', dependencies: ['config', 'promptgrid-database'] },
);
