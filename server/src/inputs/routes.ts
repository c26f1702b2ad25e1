import { z } from 'zod';
import {
  BulkInputsInput,
  BulkInputsResponse,
  CreateInputInput,
  ExportInputsQuery,
  ImportErrorsBody,
  ImportInputsInput,
  ImportInputsResponse,
  ImportPreview,
  Input,
  InputIds,
  InputIdsQuery,
  InputListQuery,
  InputPage,
  InputParams,
  LIMITS,
  ProjectIdParams,
  UpdateInputInput,
  ValidationErrorBody,
  type User,
} from '@promptgrid/contract';
import { currentUser, type App } from '../http/types.js';
import {
  createInput,
  deleteInput,
  duplicateInput,
  listInputIds,
  listInputs,
  pageInputs,
  updateInput,
} from './service.js';
import { bulkUpdateInputs, exportInputs, importInputs, previewImport, previewNewProjectImport } from './transfer.js';

const tags = ['inputs'];
const collection = '/api/projects/:projectId/inputs/';
const item = '/api/projects/:projectId/inputs/:inputId/';
const EXPORT_TYPES = { csv: 'text/csv; charset=utf-8', jsonl: 'application/x-ndjson; charset=utf-8' };

// The file travels JSON-encoded or in base64: escaping can double its size (quotes, newlines) and base64 adds a third
// before the 10 MB check on its bytes.
const FILE_BODY_LIMIT = 2 * LIMITS.importMaxBytes + 64 * 1024;

/** The two routes that read a CSV or JSONL file into a project: preview and import. */
const fileRoute = <R extends Record<number, z.ZodType>>(description: string, response: R) => ({
  bodyLimit: FILE_BODY_LIMIT,
  schema: { tags, description, params: ProjectIdParams, body: ImportInputsInput, response },
});

export default async function inputRoutes(app: App) {
  /** What every service here starts with: the database, the signed-in user and the project in the path. */
  const inProject = (request: { user: User | null; params: { projectId: number } }) =>
    [app.db, currentUser(request).id, request.params.projectId] as const;

  app.get(
    collection,
    {
      schema: {
        tags,
        description: 'The user prompts: all of them, or one page when page or page_size is given.',
        params: ProjectIdParams,
        querystring: InputListQuery,
        response: { 200: z.union([z.array(Input), InputPage]) },
      },
    },
    (request) => {
      const { query } = request;
      return query.page === undefined && query.page_size === undefined
        ? listInputs(...inProject(request), query)
        : pageInputs(...inProject(request), query);
    },
  );

  app.get(
    `${collection}ids/`,
    {
      schema: {
        tags,
        description: 'The ids of every user prompt that matches the search and status (what "Select all" selects).',
        params: ProjectIdParams,
        querystring: InputIdsQuery,
        response: { 200: InputIds },
      },
    },
    (request) => listInputIds(...inProject(request), request.query),
  );

  app.post(
    collection,
    { schema: { tags, params: ProjectIdParams, body: CreateInputInput, response: { 201: Input } } },
    async (request, reply) => reply.code(201).send(await createInput(...inProject(request), request.body)),
  );

  app.put(
    item,
    { schema: { tags, params: InputParams, body: UpdateInputInput, response: { 200: Input } } },
    (request) => updateInput(...inProject(request), request.params.inputId, request.body),
  );

  app.post(
    `${item}duplicate/`,
    { schema: { tags, params: InputParams, response: { 201: Input } } },
    async (request, reply) => reply.code(201).send(await duplicateInput(...inProject(request), request.params.inputId)),
  );

  app.delete(item, { schema: { tags, params: InputParams } }, async (request, reply) => {
    await deleteInput(...inProject(request), request.params.inputId);
    return reply.code(204).send();
  });

  app.post(
    `${collection}import/`,
    fileRoute(
      'Creates user prompts from a CSV or JSONL file (see docs/import-formats.md): all rows or, with any bad row, none.',
      { 201: ImportInputsResponse, 400: z.union([ImportErrorsBody, ValidationErrorBody]) },
    ),
    async (request, reply) => reply.code(201).send(await importInputs(...inProject(request), request.body)),
  );

  app.post(
    `${collection}import/preview/`,
    fileRoute('What an import of the file would create: the column mapping, the first rows and every problem.', {
      200: ImportPreview,
    }),
    (request) => previewImport(...inProject(request), request.body),
  );

  app.post(
    '/api/inputs/import/preview/',
    {
      bodyLimit: FILE_BODY_LIMIT,
      schema: {
        tags,
        description: 'What an import of the file into a new project would create (a project from a file).',
        body: ImportInputsInput,
        response: { 200: ImportPreview },
      },
    },
    (request) => previewNewProjectImport(request.body),
  );

  app.get(
    `${collection}export/`,
    { schema: { tags, params: ProjectIdParams, querystring: ExportInputsQuery } },
    async (request, reply) => {
      const { format } = request.query;
      const file = await exportInputs(...inProject(request), format);
      return reply
        .type(EXPORT_TYPES[format])
        .header('content-disposition', `attachment; filename="user-prompts-${request.params.projectId}.${format}"`)
        .send(file);
    },
  );

  app.post(
    `${collection}bulk/`,
    { schema: { tags, params: ProjectIdParams, body: BulkInputsInput, response: { 200: BulkInputsResponse } } },
    (request) => bulkUpdateInputs(...inProject(request), request.body),
  );
}
