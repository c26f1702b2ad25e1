import fp from 'fastify-plugin';
import { loadEncryptionKey, type EncryptionKey } from './sealing.js';
import { resealApiKeys } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Seals and unseals provider API keys (AES-256-GCM). */
    sealingKey: EncryptionKey;
  }
}

/**
 * Loads the key that seals provider API keys once for the app (the key routes and the evaluation worker share it), and
 * reseals at start the keys still sealed with one of APP_ENCRYPTION_KEY_PREVIOUS.
 */
export const sealingPlugin = fp(
  async (app) => {
    const { encryptionKey, dataDir, previousEncryptionKeys } = app.config;
    app.decorate('sealingKey', loadEncryptionKey(encryptionKey, dataDir, previousEncryptionKeys));
    if (!app.sealingKey.previous?.size) return;
    app.addHook('onReady', async () => {
      const { resealed, unknownKey } = await resealApiKeys(app.db, app.sealingKey);
      app.log.info(
        { resealed, unknownKey },
        'provider keys sealed with APP_ENCRYPTION_KEY_PREVIOUS resealed with APP_ENCRYPTION_KEY',
      );
    });
  },
  { name: 'promptgrid-sealing', dependencies: ['config', 'promptgrid-database'] },
);
