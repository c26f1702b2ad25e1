import { z } from 'zod';
import { LIMITS } from './constants.js';
import { InputFields, requireContentOrMessages } from './input.js';

/**
 * Columns of a CSV file (or fields of a JSONL object) read into a user prompt's own fields (names matched
 * case-insensitively); every other column is a variable. A column `variables.<name>` is always the variable `<name>`,
 * e.g. a variable called `name`; so is a JSONL object's `variables` object's field `<name>`.
 */
export const INPUT_FILE_FIELDS = ['name', 'content', 'expected_output', 'active', 'messages'] as const;
export const VARIABLE_COLUMN_PREFIX = 'variables.';

export const INPUT_FILE_FORMATS = ['csv', 'jsonl'] as const;
export const InputFileFormat = z.enum(INPUT_FILE_FORMATS, { error: 'format must be csv or jsonl.' });
export type InputFileFormat = z.infer<typeof InputFileFormat>;

export const IMPORT_COLUMN_TARGETS = [
  'name',
  'content',
  'messages',
  'expected_output',
  'active',
  'variable',
  'ignore',
] as const;
export const ImportColumnTarget = z.enum(IMPORT_COLUMN_TARGETS, {
  error: `A column is read as one of ${IMPORT_COLUMN_TARGETS.join(', ')}.`,
});
export type ImportColumnTarget = z.infer<typeof ImportColumnTarget>;

/**
 * How to read a file's columns by header text (a JSONL object's fields by key, `variables.<name>` for a field of its
 * `variables` object); a header left out is read from its name.
 */
export const IMPORT_COLUMNS_MAX = 1000;
const columnsError = 'columns must be an object of header texts to what each column is read as.';
export const ImportColumns = z
  .unknown()
  // Counted before each column is read: 20,000 wrong columns would take Zod a second to list.
  .refine(
    (columns) => typeof columns !== 'object' || columns === null || Object.keys(columns).length <= IMPORT_COLUMNS_MAX,
    {
      error: `At most ${IMPORT_COLUMNS_MAX} columns.`,
    },
  )
  .pipe(z.record(z.string(), ImportColumnTarget, { error: columnsError }));
export type ImportColumns = z.infer<typeof ImportColumns>;

/**
 * A CSV or JSONL file: its text (`data`, for UTF-8 files) or its bytes in base64 (`data_base64`: the server detects
 * the encoding, so a Windows-1252 or UTF-16 file arrives intact). Its size (at most LIMITS.importMaxBytes) is checked
 * by the server.
 */
export const ImportInputsInput = z
  .object({
    format: InputFileFormat,
    data: z.string({ error: 'data must be the text of the file.' }).optional(),
    data_base64: z
      .string({ error: 'data_base64 must be the bytes of the file in base64.' })
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'data_base64 is not base64.' })
      .optional(),
    columns: ImportColumns.optional(),
  })
  .refine((file) => (file.data === undefined) !== (file.data_base64 === undefined), {
    error: 'Send the file as data (its text) or data_base64 (its bytes), one of the two.',
    path: ['data'],
  });
export type ImportInputsInput = z.infer<typeof ImportInputsInput>;

/** One user prompt of an import, as it will be created. */
export const ImportedInput = requireContentOrMessages(
  InputFields.omit({ project: true, active: true }).extend({
    active: z.boolean({ error: 'active must be true or false.' }).default(true),
  }),
);
export type ImportedInput = z.infer<typeof ImportedInput>;

/** A refused row: `row` counts as an editor shows it (CSV: the header is row 1; JSONL: the line number). */
export const ImportRowError = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export type ImportRowError = z.infer<typeof ImportRowError>;

/** 400 of an import: the first LIMITS.importErrorsListed problems; nothing was created. */
export const ImportErrorsBody = z.object({ errors: z.array(ImportRowError) });

export const ImportInputsResponse = z.object({ created: z.number().int() });
export type ImportInputsResponse = z.infer<typeof ImportInputsResponse>;

/**
 * What an import would do, without doing it: how the file was read (encoding, CSV delimiter), how each column is
 * read, the file's first records as they are (`sample`, header first, for a CSV), the first rows as they will be
 * created, and every problem.
 */
export const ImportPreview = z.object({
  total_rows: z.number().int(),
  encoding: z.string(),
  delimiter: z.string().nullable(),
  columns: z.array(z.object({ column: z.string(), target: ImportColumnTarget })),
  sample: z.array(z.array(z.string())),
  rows: z.array(ImportedInput),
  errors: z.array(ImportRowError),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ExportInputsQuery = z.object({ format: InputFileFormat.default('csv') });

export const IMPORT_LIMITS_TEXT = `Up to ${LIMITS.importMaxRows.toLocaleString('en-US')} rows and ${
  LIMITS.importMaxBytes / 1024 / 1024
} MB per file.`;
