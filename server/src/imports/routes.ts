import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  IdParams,
  ImportProjectInput,
  ImportProjectResponse,
  ImportReport,
  LIMITS,
  ROUTES,
} from '@promptgrid/contract';
import { badRequest } from '../http/errors.js';
import { currentUser, type App } from '../http/types.js';
import { exportPromptfooConfig } from './promptfoo-export.js';
import { importProject, previewProjectImport } from './service.js';

const tags = ['projects'];
// Files travel JSON-encoded or in base64: escaping can double their size and base64 adds a third.
const BODY_LIMIT = 2 * LIMITS.importMaxBytes + 64 * 1024;
const DESCRIPTION =
  'A promptfoo config (promptfooconfig.yaml) and the files it refers to (file:// prompts, CSV/YAML tests), as JSON ' +
  '`{files: [{name, data | data_base64}]}`, as multipart/form-data (one part per file, `name` and `format` as fields), ' +
  'or as one zip. Or an OpenAI eval: a registry YAML with its samples JSONL, or a hosted eval object (JSON with ' +
  '`testing_criteria`) with its data JSONL (`format`: `openai_evals`, or `auto` to tell from the files). ' +
  'YAML is read safely (no code, limited aliases and depth); code assertions are never run.';

/**
 * An upload that says it is larger than the limit is refused before its body is read, with a 400 that names the
 * limit (a body that does not say its length still stops at the limit, with Fastify's 413).
 */
const refuseDeclaredOversize = async (request: FastifyRequest) => {
  if (Number(request.headers['content-length'] ?? 0) > BODY_LIMIT)
    throw badRequest({
      files: [
        `The upload is larger than ${Math.floor(BODY_LIMIT / 1024 / 1024)} MB; the files together may be ` +
          `${LIMITS.importMaxBytes / 1024 / 1024} MB.`,
      ],
    });
};

/** multipart/form-data arrives as the same body the JSON form sends: files by their names, and the fields. */
async function multipartBody(request: FastifyRequest) {
  const files: { name: string; data_base64: string }[] = [];
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file')
      files.push({ name: part.filename, data_base64: (await part.toBuffer()).toString('base64') });
    else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
  }
  return { ...fields, files };
}

/** Projects from other tools' files: what would be created (preview), and creating it. */
export default async function importRoutes(app: App) {
  // preservePath: a config refers to `prompts/chat.json`, so a part's folder is part of its name (normalised and kept
  // inside the upload when read).
  await app.register(multipart, { limits: { fileSize: LIMITS.importMaxBytes, files: 200 }, preservePath: true });
  // Multipart bodies are read into the JSON form before validation, so both are checked by the same schema.
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) request.body = await multipartBody(request);
  });

  app.post(
    ROUTES.importProjectPreview,
    {
      bodyLimit: BODY_LIMIT,
      preParsing: refuseDeclaredOversize,
      schema: {
        tags,
        description:
          'What importing would create, and every key, assertion or provider it would not carry over (file and ' +
          `line). Nothing is created. ${DESCRIPTION}`,
        body: ImportProjectInput,
        response: { 200: ImportReport },
      },
    },
    (request) => previewProjectImport(app.db, currentUser(request).id, request.body),
  );

  app.post(
    ROUTES.importProject,
    {
      bodyLimit: BODY_LIMIT,
      preParsing: refuseDeclaredOversize,
      schema: {
        tags,
        description: `Creates a project from the files, all of it or nothing, and answers its id with the import report. ${DESCRIPTION}`,
        body: ImportProjectInput,
        response: { 201: ImportProjectResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await importProject(app.db, currentUser(request).id, request.body)),
  );

  app.get(
    '/api/projects/:id/export/promptfoo/',
    {
      schema: {
        tags,
        description:
          'The project as a promptfooconfig.yaml that `npx promptfoo eval` runs as it is: each configuration a prompt ' +
          'with its own provider, the user prompts as tests, the checks as assertions (named by metric; the judge as ' +
          'llm-rubric). Importing the file gives the project back.',
        params: IdParams,
      },
    },
    async (request, reply) =>
      reply
        .type('application/yaml; charset=utf-8')
        .header('content-disposition', `attachment; filename="promptfooconfig.yaml"`)
        .send(await exportPromptfooConfig(app.db, currentUser(request).id, request.params.id)),
  );
}
