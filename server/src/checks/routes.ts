import { z } from 'zod';
import { Check, IdParams, ProjectIdParams, SaveCheckInput } from '@promptgrid/contract';
import { currentUser, type App } from '../http/types.js';
import { createCheck, deleteCheck, listChecks, updateCheck } from './service.js';

const tags = ['checks'];
const collection = '/api/projects/:projectId/checks/';
const item = '/api/checks/:id/';

export default async function checkRoutes(app: App) {
  app.get(collection, { schema: { tags, params: ProjectIdParams, response: { 200: z.array(Check) } } }, (request) =>
    listChecks(app.db, currentUser(request).id, request.params.projectId),
  );

  app.post(
    collection,
    {
      schema: {
        tags,
        description:
          'type: contains, not_contains, regex (JavaScript syntax), equals_expected, ' +
          'contains_expected, is_json, json_schema (validated with Ajv), max_chars or llm_judge ' +
          '(value is the rubric; ai_model_id the judge model). input_ids: null for every input. ' +
          'configuration_ids (rule checks): null for every configuration, else only their outputs get a verdict.',
        params: ProjectIdParams,
        body: SaveCheckInput,
        response: { 201: Check },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCheck(app.db, currentUser(request).id, request.params.projectId, request.body)),
  );

  app.put(item, { schema: { tags, params: IdParams, body: SaveCheckInput, response: { 200: Check } } }, (request) =>
    updateCheck(app.db, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(item, { schema: { tags, params: IdParams } }, async (request, reply) => {
    await deleteCheck(app.db, currentUser(request).id, request.params.id);
    return reply.code(204).send();
  });
}
