import { z } from 'zod';
import {
  Configuration,
  ConfigurationVersion,
  CreateConfigurationsInput,
  IdParams,
  PatchConfigurationInput,
  ProjectIdParams,
  SaveConfigurationInput,
} from '@promptgrid/contract';
import { currentUser, type App } from '../http/types.js';
import {
  createConfiguration,
  createConfigurations,
  deleteConfiguration,
  duplicateConfiguration,
  listConfigurations,
  setConfigurationActive,
  updateConfiguration,
} from './service.js';
import { listConfigurationVersions } from './versions.js';

const tags = ['configurations'];
const collection = '/api/projects/:projectId/configurations/';
const item = '/api/configurations/:id/';

export default async function configurationRoutes(app: App) {
  app.get(
    collection,
    { schema: { tags, params: ProjectIdParams, response: { 200: z.array(Configuration) } } },
    (request) => listConfigurations(app.db, currentUser(request).id, request.params.projectId),
  );

  app.post(
    collection,
    { schema: { tags, params: ProjectIdParams, body: SaveConfigurationInput, response: { 201: Configuration } } },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createConfiguration(app.db, currentUser(request).id, request.params.projectId, request.body)),
  );

  app.put(
    item,
    { schema: { tags, params: IdParams, body: SaveConfigurationInput, response: { 200: Configuration } } },
    (request) => updateConfiguration(app.db, currentUser(request).id, request.params.id, request.body),
  );

  app.patch(
    item,
    { schema: { tags, params: IdParams, body: PatchConfigurationInput, response: { 200: Configuration } } },
    (request) => setConfigurationActive(app.db, currentUser(request).id, request.params.id, request.body),
  );

  app.post(
    `${collection}bulk/`,
    {
      schema: {
        tags,
        description: 'Creates several system prompts in one transaction: all of them, or none.',
        params: ProjectIdParams,
        body: CreateConfigurationsInput,
        response: { 201: z.array(Configuration) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createConfigurations(
            app.db,
            currentUser(request).id,
            request.params.projectId,
            request.body.configurations,
          ),
        ),
  );

  app.post(
    `${item}duplicate/`,
    { schema: { tags, params: IdParams, response: { 201: Configuration } } },
    async (request, reply) =>
      reply.code(201).send(await duplicateConfiguration(app.db, currentUser(request).id, request.params.id)),
  );

  app.get(
    `${item}versions/`,
    { schema: { tags, params: IdParams, response: { 200: z.array(ConfigurationVersion) } } },
    (request) => listConfigurationVersions(app.db, currentUser(request).id, request.params.id),
  );

  app.delete(item, { schema: { tags, params: IdParams } }, async (request, reply) => {
    await deleteConfiguration(app.db, currentUser(request).id, request.params.id);
    return reply.code(204).send();
  });
}
