import { eq, sql } from 'drizzle-orm';
import {
  LIMITS,
  type ImportColumns,
  type BulkInputsInput,
  type BulkInputsResponse,
  type ImportInputsInput,
  type ImportedInput,
  type ImportInputsResponse,
  type ImportPreview,
  type InputFileFormat,
} from '@promptgrid/contract';
import { queryRows, type Db, type Tx } from '../db/client.js';
import { projects } from '../db/schema.js';
import { returnedRow } from '../db/rows.js';
import { HttpError } from '../http/errors.js';
import { timeSlices } from '../lib/time-slices.js';
import { changeProject } from '../projects/service.js';
import { denied, readAllowed } from '../access/policy.js';
import { runUntrusted } from '../untrusted-work/pool.js';
import type { InputFile } from './file-import.js';
import { writeInputFile } from './file-export.js';
import { listInputs, textColumns } from './service.js';

/**
 * The file of an import request and how to read its columns: those the request names as it says, the others as the
 * project's last import read a column of that header, the rest from their names.
 */
async function readRequestFile(db: Db, userId: number, projectId: number, request: ImportInputsInput) {
  const project = await readAllowed(db, userId, 'write', 'project', projectId, {
    importColumns: projects.importColumns,
  });
  return readFileOnPool(request, { ...project.importColumns, ...request.columns });
}

/** The file read on the untrusted-work pool: parsing 10 MB of CSV or JSONL takes seconds of CPU. */
const readFileOnPool = (request: ImportInputsInput, columns: ImportColumns | undefined): Promise<InputFile> =>
  runUntrusted(
    'readInputFile',
    { format: request.format, data: request.data, data_base64: request.data_base64, columns },
    { what: 'Reading the file' },
  );

/** What an import of the file would create, without creating anything. */
export async function previewImport(
  db: Db,
  userId: number,
  projectId: number,
  request: ImportInputsInput,
): Promise<ImportPreview> {
  return previewOf(await readRequestFile(db, userId, projectId, request));
}

/** What an import of the file would create in a new project: before the project exists, nothing is remembered. */
export async function previewNewProjectImport(request: ImportInputsInput): Promise<ImportPreview> {
  return previewOf(await readFileOnPool(request, request.columns));
}

const previewOf = (file: InputFile): ImportPreview => ({
  total_rows: file.totalRows,
  encoding: file.encoding,
  delimiter: file.delimiter,
  columns: file.columns,
  sample: file.sample,
  rows: file.rows.slice(0, LIMITS.importPreviewRows).map((r) => r.input),
  errors: file.errors,
});

/**
 * Creates every row of the file, and remembers how the project's columns were read, in one transaction: any bad row
 * answers 400 with the rows' problems, and a failure while writing leaves nothing behind.
 */
export async function importInputs(
  db: Db,
  userId: number,
  projectId: number,
  request: ImportInputsInput,
): Promise<ImportInputsResponse> {
  const file = await readRequestFile(db, userId, projectId, request);
  if (file.errors.length > 0) throw importRefused(file);
  const rows = await countImportedInputs(file.rows.map(({ input }) => input));
  const created = await changeProject(db, userId, projectId, async (tx) => {
    const ids = await createImportedInputs(tx, projectId, rows);
    await rememberColumns(tx, projectId, file);
    return ids;
  });
  return { created: created.length };
}

async function rememberColumns(db: Db | Tx, projectId: number, file: InputFile) {
  const columns: ImportColumns = Object.fromEntries(file.columns.map(({ column, target }) => [column, target]));
  await db.update(projects).set({ importColumns: columns }).where(eq(projects.id, projectId));
}

/**
 * The rows as they are written: content and token counts, computed in time slices before any transaction starts (on
 * the embedded database a transaction holds up every other query).
 */
export async function countImportedInputs(rows: ImportedInput[]): Promise<StoredImportRow[]> {
  const slice = timeSlices();
  const counted: StoredImportRow[] = [];
  for (const row of rows) {
    await slice();
    const { content, messages, tokenCount } = await textColumns(row.content, row.messages);
    counted.push({ ...row, content, messages, token_count: tokenCount });
  }
  return counted;
}

/** An imported row as it is written: its content (a conversation's last user turn) and its tokens counted. */
export type StoredImportRow = ImportedInput & { content: string; token_count: number };

const importRefused = (file: InputFile) =>
  new HttpError(400, `${file.errors.length} problem(s) in the file; nothing was imported.`, { errors: file.errors });

/**
 * Creates the rows in file order, in the transaction the caller runs (its project already checked and touched, see
 * changeProject): one INSERT whatever the row count, the rows travelling as one JSON parameter. Answers their ids.
 */
export async function createImportedInputs(tx: Tx, projectId: number, rows: StoredImportRow[]): Promise<number[]> {
  const { rows: inserted } = (await tx.execute(sql`
    INSERT INTO inputs (project_id, name, content, messages, variables, expected_output, active, token_count)
    SELECT ${projectId}::int, e->>'name', e->>'content', nullif(e->'messages', 'null'::jsonb), e->'variables',
           e->>'expected_output',
           (e->>'active')::boolean, (e->>'token_count')::int
      FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) WITH ORDINALITY AS t(e, n)
     ORDER BY n
    RETURNING id`)) as { rows: { id: number }[] };
  return inserted.map((row) => Number(row.id));
}

export async function exportInputs(db: Db, userId: number, projectId: number, format: InputFileFormat) {
  return writeInputFile(format, await listInputs(db, userId, projectId));
}

/** Archives, restores or deletes the user prompts named, all of which must be the project's: else 404, nothing changed. */
export async function bulkUpdateInputs(
  db: Db,
  userId: number,
  projectId: number,
  { ids, action }: BulkInputsInput,
): Promise<BulkInputsResponse> {
  const unique = JSON.stringify([...new Set(ids)]);
  return changeProject(db, userId, projectId, async (tx) => {
    const named = sql`id IN (SELECT jsonb_array_elements_text(${unique}::jsonb)::int) AND project_id = ${projectId}::int`;
    // Locks the rows, so a concurrent delete cannot slip between the check and the change.
    const found = returnedRow(
      await queryRows<{ count: number }>(
        tx,
        sql`SELECT count(*)::int AS count FROM (SELECT id FROM inputs WHERE ${named} FOR UPDATE) found`,
      ),
    );
    const count = new Set(ids).size;
    if (found.count !== count) throw denied('input');
    if (action === 'delete') await tx.execute(sql`DELETE FROM inputs WHERE ${named}`);
    else await tx.execute(sql`UPDATE inputs SET active = ${action === 'restore'}, updated_at = now() WHERE ${named}`);
    return { action, count };
  });
}
