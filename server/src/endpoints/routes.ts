import { z } from 'zod';
import {
  CreateEndpointInput,
  Endpoint,
  FetchedEndpointModels,
  IdParams,
  ROUTES,
  UpdateEndpointInput,
} from '@promptgrid/contract';
import { currentUser, type App } from '../http/types.js';
import { badRequest, HttpError } from '../http/errors.js';
import { classifyFailure } from '../providers/failure.js';
import { EndpointRefusedError } from '../providers/types.js';
import {
  createEndpoint,
  deleteEndpoint,
  endpointTarget,
  getEndpoint,
  listEndpoints,
  updateEndpoint,
} from './service.js';

const tags = ['endpoints'];
const byId = '/api/endpoints/:id/';

export default async function endpointRoutes(app: App) {
  const guard = app.providers.guard;

  app.get(ROUTES.endpoints, { schema: { tags, response: { 200: z.array(Endpoint) } } }, (request) =>
    listEndpoints(app.db, currentUser(request).id),
  );

  app.post(
    ROUTES.endpoints,
    { schema: { tags, body: CreateEndpointInput, response: { 201: Endpoint } } },
    async (request, reply) => {
      const endpoint = await createEndpoint(app.db, guard, app.sealingKey, currentUser(request).id, request.body);
      return reply.code(201).send(endpoint);
    },
  );

  app.get(byId, { schema: { tags, params: IdParams, response: { 200: Endpoint } } }, (request) =>
    getEndpoint(app.db, currentUser(request).id, request.params.id),
  );

  app.put(
    byId,
    { schema: { tags, params: IdParams, body: UpdateEndpointInput, response: { 200: Endpoint } } },
    (request) =>
      updateEndpoint(app.db, guard, app.sealingKey, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(byId, { schema: { tags, params: IdParams } }, async (request, reply) => {
    await deleteEndpoint(app.db, currentUser(request).id, request.params.id);
    return reply.code(204).send();
  });

  /** Asks the endpoint for its GET /models; the list is only returned, the user picks what to save. */
  app.post(
    '/api/endpoints/:id/fetch-models/',
    { schema: { tags, params: IdParams, response: { 200: FetchedEndpointModels } } },
    async (request) => {
      const target = await endpointTarget(app.db, app.sealingKey, currentUser(request).id, request.params.id);
      const timeoutMs = app.config.providers.timeoutMs;
      try {
        const models = await app.providers.endpointModels(target, AbortSignal.timeout(timeoutMs));
        return { models: [...new Set(models)].sort() };
      } catch (error) {
        if (error instanceof EndpointRefusedError) throw badRequest({ base_url: [error.message] });
        const status = (error as { status?: unknown }).status;
        if (status === 404)
          throw new HttpError(502, `${target.name} has no GET /models (404): type its models in instead.`);
        const failure = classifyFailure(error);
        const who = { label: target.name, model: 'models', timeoutMs };
        throw new HttpError(502, `Fetching the models failed. ${failure.describe(who, 1)}`);
      }
    },
  );
}
