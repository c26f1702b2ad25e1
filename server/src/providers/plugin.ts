import fp from 'fastify-plugin';
import { ProviderCaller } from './call.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Calls OpenAI and Anthropic with the operator's settings: one client per provider and key, shared by the app. */
    providers: ProviderCaller;
  }
}

export const providersPlugin = fp(
  async (app) => {
    app.decorate('providers', new ProviderCaller(app.config.providers));
  },
  { name: 'promptgrid-providers', dependencies: ['config'] },
);
