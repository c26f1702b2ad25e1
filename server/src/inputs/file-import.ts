import Papa from 'papaparse';
import {
  csvCellText,
  ImportedInput,
  INPUT_FILE_FIELDS,
  LIMITS,
  VARIABLE_COLUMN_PREFIX,
  VARIABLE_NAME_PATTERN,
  type ImportPreview,
  type ImportRowError,
  type InputFileFormat,
} from '@promptgrid/contract';
import { timeSlices } from '../lib/time-slices.js';

type Column = ImportPreview['columns'][number];
/** A file read into user prompts: every valid row, each with its row number, and the first problems found. */
export type InputFile = {
  columns: Column[];
  rows: { row: number; input: ImportedInput }[];
  totalRows: number;
  errors: ImportRowError[];
};
/** A row before validation. */
type RawRow = Record<string, unknown> & { variables: Record<string, unknown> };

const NAME_WORDS = 6;
const NAME_LENGTH = 60;

/** The first words of the content, for rows without a name. */
export function nameFromContent(content: string): string {
  let name = '';
  for (const word of content.trim().split(/\s+/).slice(0, NAME_WORDS)) {
    const longer = name === '' ? word : `${name} ${word}`;
    if (longer.length > NAME_LENGTH) break;
    name = longer;
  }
  return name || content.trim().slice(0, NAME_LENGTH);
}

export async function readInputFile(format: InputFileFormat, data: string): Promise<InputFile> {
  const file: InputFile = { columns: [], rows: [], totalRows: 0, errors: [] };
  if (Buffer.byteLength(data, 'utf8') > LIMITS.importMaxBytes) {
    addError(file, {
      row: 0,
      field: 'data',
      message: `The file is larger than ${LIMITS.importMaxBytes / 1024 / 1024} MB.`,
    });
    return file;
  }
  if (format === 'csv') await readCsv(file, data);
  else await readJsonl(file, data);
  if (file.totalRows === 0 && file.errors.length === 0)
    addError(file, { row: 0, field: 'data', message: 'The file has no rows to import.' });
  return file;
}

function addError(file: InputFile, error: ImportRowError) {
  if (file.errors.length < LIMITS.importErrorsListed) file.errors.push(error);
}

function tooManyRows(file: InputFile, lastRow: number): boolean {
  if (file.totalRows <= LIMITS.importMaxRows) return false;
  addError(file, {
    row: lastRow,
    field: 'data',
    message: `At most ${LIMITS.importMaxRows} rows can be imported at once.`,
  });
  return true;
}

/** Validates one row and keeps it, or lists what is wrong with it. */
function addRow(file: InputFile, row: number, raw: RawRow) {
  if (typeof raw.content === 'string' && (raw.name === null || raw.name === undefined || raw.name === ''))
    raw.name = nameFromContent(raw.content);
  const parsed = ImportedInput.safeParse(raw);
  if (parsed.success) file.rows.push({ row, input: parsed.data });
  else
    for (const issue of parsed.error.issues)
      addError(file, { row, field: issue.path.join('.'), message: issue.message });
}

type ColumnReading = { target: Column['target']; variable?: string } | { error: string };

function readColumn(header: string, onlyColumn: boolean): ColumnReading {
  if (onlyColumn) return { target: 'content' };
  const field = INPUT_FILE_FIELDS.find((name) => name === header.toLowerCase());
  if (field) return { target: field };
  if (header === '') return { error: 'This column has no name.' };
  const variable = header.startsWith(VARIABLE_COLUMN_PREFIX) ? header.slice(VARIABLE_COLUMN_PREFIX.length) : header;
  if (!VARIABLE_NAME_PATTERN.test(variable))
    return {
      error: `'${header}' is not a variable name: use letters, digits and _, not starting with a digit, at most 64.`,
    };
  return { target: 'variable', variable };
}

/** How each column is read, or null after listing what is wrong with the header row. */
function readHeader(file: InputFile, headers: string[]): { target: Column['target']; variable?: string }[] | null {
  const readings: { target: Column['target']; variable?: string }[] = [];
  const taken = new Set<string>();
  headers.forEach((header, n) => {
    const field = header || `column ${n + 1}`;
    const reading = readColumn(header, headers.length === 1);
    if ('error' in reading) return addError(file, { row: 1, field, message: reading.error });
    const key = reading.variable === undefined ? reading.target : VARIABLE_COLUMN_PREFIX + reading.variable;
    if (taken.has(key)) return addError(file, { row: 1, field, message: `Another column is already read as ${key}.` });
    taken.add(key);
    readings.push(reading);
    file.columns.push({ column: header, target: reading.target });
  });
  if (!taken.has('content'))
    addError(file, {
      row: 1,
      field: 'content',
      message: 'A content column is required (or a file with a single column).',
    });
  return file.errors.length > 0 ? null : readings;
}

const ACTIVE_TEXTS: Record<string, boolean> = { true: true, false: false, yes: true, no: false, '1': true, '0': false };

/**
 * RFC 4180 through Papa Parse: a header row, quoted cells with commas, quotes and newlines, CRLF or LF, a BOM or none.
 * Every column holds a value for every row: an empty cell is an empty variable, no expected output, or, for the name,
 * a name taken from the content. (csv-parse could tell "" from an empty cell, but took ~10x as long on 10,000 rows.)
 * A cell an export prefixed with `'` against formulas reads as the text without that prefix (see csvSafeCell).
 */
async function readCsv(file: InputFile, data: string) {
  const parsed = Papa.parse<string[]>(data.replace(/^\uFEFF/, ''), { delimiter: ',', skipEmptyLines: true });
  const broken = parsed.errors.find((error) => error.type === 'Quotes');
  if (broken) {
    addError(file, { row: (broken.row ?? 0) + 1, field: 'data', message: broken.message });
    return;
  }
  const records = parsed.data;
  if (records.length === 0) return;
  const readings = readHeader(
    file,
    records[0].map((cell) => cell.trim()),
  );
  file.totalRows = records.length - 1;
  if (!readings || tooManyRows(file, LIMITS.importMaxRows + 2)) return;

  const slice = timeSlices();
  for (let n = 1; n < records.length && file.errors.length < LIMITS.importErrorsListed; n++) {
    await slice();
    const cells = records[n];
    const row = n + 1;
    if (cells.length !== readings.length) {
      addError(file, { row, field: 'data', message: `Expected ${readings.length} columns, found ${cells.length}.` });
      continue;
    }
    const raw: RawRow = { variables: {} };
    readings.forEach(({ target, variable }, index) => {
      const cell = csvCellText(cells[index]);
      if (variable !== undefined) raw.variables[variable] = cell;
      else if (target === 'active')
        raw.active = cell === '' ? undefined : (ACTIVE_TEXTS[cell.trim().toLowerCase()] ?? cell);
      else raw[target] = cell;
    });
    addRow(file, row, raw);
  }
}

const JSONL_KEYS = new Set([...INPUT_FILE_FIELDS, 'variables']);

/** One JSON object per line; blank lines are skipped and `row` is the line number. */
async function readJsonl(file: InputFile, data: string) {
  const lines = data.replace(/^\uFEFF/, '').split(/\r?\n/);
  const columns = new Map<string, Column['target']>();
  const rows: { row: number; value: unknown }[] = [];
  lines.forEach((line, n) => {
    if (line.trim() !== '') rows.push({ row: n + 1, value: line });
  });
  file.totalRows = rows.length;
  if (tooManyRows(file, rows[LIMITS.importMaxRows]?.row ?? 0)) return;
  const slice = timeSlices();
  for (const { row, value } of rows) {
    if (file.errors.length >= LIMITS.importErrorsListed) break;
    await slice();
    let object: unknown;
    try {
      object = JSON.parse(value as string);
    } catch (error) {
      addError(file, { row, field: 'data', message: `Not valid JSON: ${(error as Error).message}` });
      continue;
    }
    if (typeof object !== 'object' || object === null || Array.isArray(object)) {
      addError(file, { row, field: 'data', message: 'Each line must be a JSON object.' });
      continue;
    }
    const unknown = Object.keys(object).filter((key) => !JSONL_KEYS.has(key));
    if (unknown.length > 0) {
      for (const key of unknown)
        addError(file, { row, field: key, message: `Unknown field: use ${[...JSONL_KEYS].join(', ')}.` });
      continue;
    }
    const raw = { variables: {}, ...object } as RawRow;
    for (const key of Object.keys(raw)) if (key !== 'variables') columns.set(key, key as Column['target']);
    if (raw.variables && typeof raw.variables === 'object')
      for (const name of Object.keys(raw.variables)) columns.set(VARIABLE_COLUMN_PREFIX + name, 'variable');
    addRow(file, row, raw);
  }
  file.columns = [...columns].map(([column, target]) => ({ column, target }));
}
