// Bringing a project in from another tool's files (a promptfoo config, OpenAI Evals data), and what was carried over.
import { z } from 'zod';
import { BodyId, Id } from './common.js';

/** The formats a project can be imported from; `auto` reads the files to tell. */
export const PROJECT_IMPORT_FORMATS = ['auto', 'promptfoo', 'openai_evals'] as const;

/** One uploaded file: its name (as the config refers to it) and its text, or its bytes in base64 (a zip, say). */
export const ImportFile = z
  .object({
    name: z.string({ error: 'Each file needs a name.' }).min(1, { error: 'Each file needs a name.' }).max(500),
    data: z.string({ error: 'data must be the text of the file.' }).optional(),
    data_base64: z
      .string({ error: 'data_base64 must be the bytes of the file in base64.' })
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'data_base64 is not base64.' })
      .optional(),
  })
  .refine((file) => (file.data === undefined) !== (file.data_base64 === undefined), {
    error: 'Send a file as data (its text) or data_base64 (its bytes), one of the two.',
    path: ['data'],
  });
export type ImportFile = z.infer<typeof ImportFile>;

const MAX_PICKED_PROVIDERS = 200;

/**
 * POST /api/projects/import/ (and .../preview/) as JSON: the config and every file it refers to, or one zip of them.
 * The same fields also come as multipart/form-data (each file a part; `format` and `name` as fields).
 */
export const ImportProjectInput = z.object({
  format: z
    .enum(PROJECT_IMPORT_FORMATS, { error: `format must be one of ${PROJECT_IMPORT_FORMATS.join(', ')}.` })
    .default('auto'),
  /** The new project's name; by default the config's description or the file's name. */
  name: z.string().max(200, { error: 'Name must be at most 200 characters.' }).optional(),
  files: z
    .array(ImportFile, { error: 'files must be a list of files.' })
    .min(1, { error: 'Upload the config file (and the files it refers to).' })
    .max(200, { error: 'At most 200 files at once.' }),
  /**
   * A model for each provider Promptgrid cannot run as it is (the report's `unknown_providers`), by the provider's
   * id as the config writes it: its configurations run on that model instead of being left out.
   */
  provider_models: z
    .record(z.string().min(1).max(500), BodyId, { error: 'provider_models maps provider ids to model ids.' })
    .refine((picked) => Object.keys(picked).length <= MAX_PICKED_PROVIDERS, {
      error: `At most ${MAX_PICKED_PROVIDERS} providers can be given a model.`,
    })
    .optional(),
});
export type ImportProjectInput = z.infer<typeof ImportProjectInput>;

/** Something in the files that was not carried over as it is, with why and where. */
export const ImportReportItem = z.object({
  /** skipped: left out; changed: carried over in another form (the message says how). */
  kind: z.enum(['skipped', 'changed']),
  /** What it is, in the source's words: "assertion type 'similar'", "provider 'bedrock:...'", "key 'scenarios'". */
  what: z.string(),
  why: z.string(),
  file: z.string(),
  /** 1-based; null where the format has no lines to point at. */
  line: z.number().int().nullable(),
});
export type ImportReportItem = z.infer<typeof ImportReportItem>;

/** What an import creates (or would create) and everything it did not carry over as it is. */
export const ImportReport = z.object({
  format: z.enum(['promptfoo', 'openai_evals']),
  project_name: z.string(),
  configurations: z.array(z.object({ name: z.string(), model: z.string() })),
  inputs: z.number().int(),
  checks: z.array(z.object({ name: z.string(), type: z.string(), inputs: z.number().int().nullable() })),
  items: z.array(ImportReportItem),
  /**
   * The providers Promptgrid cannot run as they are (another service, a retired or unlisted model), in the config's
   * order: each can be given a model in `provider_models`, else its configurations are left out.
   */
  unknown_providers: z.array(z.string()),
});
export type ImportReport = z.infer<typeof ImportReport>;

export const ImportProjectResponse = z.object({ project_id: Id, report: ImportReport });
export type ImportProjectResponse = z.infer<typeof ImportProjectResponse>;
