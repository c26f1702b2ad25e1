import { z } from 'zod';
import {
  BulkInputsInput,
  BulkInputsResponse,
  CreateInputInput,
  ExportInputsQuery,
  Id,
  ImportErrorsBody,
  ImportInputsInput,
  ImportInputsResponse,
  ImportPreview,
  Input,
  InputParams,
  LIMITS,
  UpdateInputInput,
  ValidationErrorBody,
} from '@promptgrid/contract';
import { currentUser, type App } from '../http/types.js';
import { createInput, deleteInput, duplicateInput, listInputs, updateInput } from './service.js';
import { bulkUpdateInputs, exportInputs, importInputs, previewImport } from './transfer.js';

const tags = ['inputs'];
const collection = '/api/projects/:projectId/inputs/';
const item = '/api/projects/:projectId/inputs/:inputId/';
const ProjectParams = z.object({ projectId: Id });
// The file travels JSON-encoded: escaping can double its size (quotes, newlines) before the 10 MB check on its text.
const importBodyLimit = 2 * LIMITS.importMaxBytes + 64 * 1024;
const EXPORT_TYPES = { csv: 'text/csv; charset=utf-8', jsonl: 'application/x-ndjson; charset=utf-8' };

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

  app.post(
    `${collection}import/`,
    {
      bodyLimit: importBodyLimit,
      schema: {
        tags,
        description:
          'Creates user prompts from a CSV or JSONL file (see README, Datasets): all rows or, with any bad row, none.',
        params: ProjectParams,
        body: ImportInputsInput,
        response: { 201: ImportInputsResponse, 400: z.union([ImportErrorsBody, ValidationErrorBody]) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await importInputs(app.db, currentUser(request).id, request.params.projectId, request.body)),
  );

  app.post(
    `${collection}import/preview/`,
    {
      bodyLimit: importBodyLimit,
      schema: {
        tags,
        description: 'What an import of the file would create: the column mapping, the first rows and every problem.',
        params: ProjectParams,
        body: ImportInputsInput,
        response: { 200: ImportPreview },
      },
    },
    (request) => previewImport(app.db, currentUser(request).id, request.params.projectId, request.body),
  );

  app.get(
    `${collection}export/`,
    { schema: { tags, params: ProjectParams, querystring: ExportInputsQuery } },
    async (request, reply) => {
      const { projectId } = request.params;
      const { format } = request.query;
      const file = await exportInputs(app.db, currentUser(request).id, projectId, format);
      return reply
        .type(EXPORT_TYPES[format])
        .header('content-disposition', `attachment; filename="user-prompts-${projectId}.${format}"`)
        .send(file);
    },
  );

  app.post(
    `${collection}bulk/`,
    { schema: { tags, params: ProjectParams, body: BulkInputsInput, response: { 200: BulkInputsResponse } } },
    (request) => bulkUpdateInputs(app.db, currentUser(request).id, request.params.projectId, request.body),
  );
}
