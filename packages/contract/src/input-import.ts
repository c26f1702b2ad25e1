import { z } from 'zod';
import { LIMITS } from './constants.js';
import { CreateInputInput } from './input.js';

/**
 * Columns of a CSV file read into a user prompt's own fields (names matched case-insensitively); every other column
 * is a variable. A column `variables.<name>` is always the variable `<name>`, e.g. a variable called `name`.
 */
export const INPUT_FILE_FIELDS = ['name', 'content', 'expected_output', 'active'] as const;
export const VARIABLE_COLUMN_PREFIX = 'variables.';

export const INPUT_FILE_FORMATS = ['csv', 'jsonl'] as const;
export const InputFileFormat = z.enum(INPUT_FILE_FORMATS, { error: 'format must be csv or jsonl.' });
export type InputFileFormat = z.infer<typeof InputFileFormat>;

/** A CSV or JSONL file's text; its size (at most LIMITS.importMaxBytes of UTF-8) is checked by the server. */
export const ImportInputsInput = z.object({
  format: InputFileFormat,
  data: z.string({ error: 'data must be the text of the file.' }),
});
export type ImportInputsInput = z.infer<typeof ImportInputsInput>;

/** One user prompt of an import, as it will be created. */
export const ImportedInput = CreateInputInput.omit({ project: true, active: true }).extend({
  active: z.boolean({ error: 'active must be true or false.' }).default(true),
});
export type ImportedInput = z.infer<typeof ImportedInput>;

/** A refused row: `row` counts as an editor shows it (CSV: the header is row 1; JSONL: the line number). */
export const ImportRowError = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export type ImportRowError = z.infer<typeof ImportRowError>;

/** 400 of an import: the first LIMITS.importErrorsListed problems; nothing was created. */
export const ImportErrorsBody = z.object({ errors: z.array(ImportRowError) });

export const ImportInputsResponse = z.object({ created: z.number().int() });
export type ImportInputsResponse = z.infer<typeof ImportInputsResponse>;

export const IMPORT_COLUMN_TARGETS = ['name', 'content', 'expected_output', 'active', 'variable'] as const;

/** What an import would do, without doing it: how each column is read, the first rows, and every problem. */
export const ImportPreview = z.object({
  total_rows: z.number().int(),
  columns: z.array(z.object({ column: z.string(), target: z.enum(IMPORT_COLUMN_TARGETS) })),
  rows: z.array(ImportedInput),
  errors: z.array(ImportRowError),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ExportInputsQuery = z.object({ format: InputFileFormat.default('csv') });

export const IMPORT_LIMITS_TEXT = `Up to ${LIMITS.importMaxRows.toLocaleString('en-US')} rows and ${
  LIMITS.importMaxBytes / 1024 / 1024
} MB per file.`;
