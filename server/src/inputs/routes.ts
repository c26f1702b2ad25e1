import { z } from 'zod';
import { CreateInputInput, Id, Input, InputParams, UpdateInputInput } from '@promptgrid/contract';
import { currentUser, type App } from '../http/types.js';
import { createInput, deleteInput, duplicateInput, listInputs, updateInput } from './service.js';

const tags = ['inputs'];
const collection = '/api/projects/:projectId/inputs/';
const item = '/api/projects/:projectId/inputs/:inputId/';
const ProjectParams = z.object({ projectId: Id });

export default async function inputRoutes(app: App) {
  app.get(collection, { schema: { tags, params: ProjectParams, response: { 200: z.array(Input) } } }, (request) =>
    listInputs(app.db, currentUser(request).id, request.params.projectId),
  );

  app.post(
    collection,
    { schema: { tags, params: ProjectParams, body: CreateInputInput, response: { 201: Input } } },
    async (request, reply) =>
      reply.code(201).send(await createInput(app.db, currentUser(request).id, request.params.projectId, request.body)),
  );

  app.put(
    item,
    { schema: { tags, params: InputParams, body: UpdateInputInput, response: { 200: Input } } },
    (request) =>
      updateInput(app.db, currentUser(request).id, request.params.projectId, request.params.inputId, request.body),
  );

  app.post(
    `${item}duplicate/`,
    { schema: { tags, params: InputParams, response: { 201: Input } } },
    async (request, reply) =>
      reply
        .code(201)
        .send(await duplicateInput(app.db, currentUser(request).id, request.params.projectId, request.params.inputId)),
  );

  app.delete(item, { schema: { tags, params: InputParams } }, async (request, reply) => {
    await deleteInput(app.db, currentUser(request).id, request.params.projectId, request.params.inputId);
    return reply.code(204).send();
  });
}
