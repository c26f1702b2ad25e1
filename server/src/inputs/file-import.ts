import Papa from 'papaparse';
import {
  csvCellText,
  ImportedInput,
  LIMITS,
  VARIABLE_COLUMN_PREFIX,
  type ImportColumns,
  type ImportPreview,
  type ImportRowError,
  type InputFileFormat,
} from '@promptgrid/contract';
import { readHeader } from './file-columns.js';
import { decodeFile, looksBinary } from './file-decoding.js';

type Column = ImportPreview['columns'][number];
/**
 * A file read into user prompts: how it was read (encoding, CSV delimiter, each column's reading, its first records
 * as they are), every valid row with its row number, and the first problems found.
 */
export type InputFile = {
  encoding: string;
  delimiter: string | null;
  columns: Column[];
  sample: string[][];
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

/**
 * Reads a file's bytes; `columns` says how to read columns by header (a CSV file's header row, a JSONL object's
 * fields); the others are read from their names.
 */
export function readInputFile(format: InputFileFormat, bytes: Buffer, columns: ImportColumns = {}): InputFile {
  const file: InputFile = {
    encoding: '',
    delimiter: null,
    columns: [],
    sample: [],
    rows: [],
    totalRows: 0,
    errors: [],
  };
  if (bytes.length > LIMITS.importMaxBytes) {
    addError(file, {
      row: 0,
      field: 'data',
      message: `The file is larger than ${LIMITS.importMaxBytes / 1024 / 1024} MB.`,
    });
    return file;
  }
  const { text, encoding } = decodeFile(bytes);
  file.encoding = encoding;
  // The whole file's problems read as sentences, not as a row's: there is no row to point at.
  if (text.trim() === '') {
    addError(file, { row: 0, field: 'data', message: 'The file is empty.' });
    return file;
  }
  if (looksBinary(bytes, text)) {
    addError(file, {
      row: 0,
      field: 'data',
      message: `This is not a text file: choose a ${format === 'csv' ? 'CSV' : 'JSONL'} file saved as text.`,
    });
    return file;
  }
  if (format === 'csv') readCsv(file, text, columns);
  else readJsonl(file, text, columns);
  if (file.totalRows === 0 && file.errors.length === 0)
    addError(file, { row: 0, field: 'data', message: 'The file has no rows to import.' });
  return file;
}

/** An import request's file as the client sent it (text, or base64 bytes), and how to read its columns. */
export type InputFileRequest = {
  format: InputFileFormat;
  data?: string;
  data_base64?: string;
  columns?: ImportColumns;
};

/** Reads the file of an import request: the task the untrusted-work pool runs for the inputs import. */
export const readRequestedInputFile = ({ format, data, data_base64, columns }: InputFileRequest) =>
  readInputFile(
    format,
    data_base64 !== undefined ? Buffer.from(data_base64, 'base64') : Buffer.from(data ?? ''),
    columns,
  );

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

/** Validates one row and keeps it, or lists what is wrong with it. A conversation's content is its last user turn. */
function addRow(file: InputFile, row: number, raw: RawRow) {
  const conversation = Array.isArray(raw.messages);
  if (conversation && (raw.content === '' || raw.content === undefined)) delete raw.content;
  if (raw.name === null || raw.name === undefined || raw.name === '') {
    if (typeof raw.content === 'string') raw.name = nameFromContent(raw.content);
    else if (conversation) raw.name = nameFromContent(lastUserText(raw.messages as unknown[]));
  }
  const parsed = ImportedInput.safeParse(raw);
  if (parsed.success) file.rows.push({ row, input: parsed.data });
  else
    for (const issue of parsed.error.issues)
      addError(file, { row, field: issue.path.join('.'), message: issue.message });
}

/** The last user turn's text of a conversation not validated yet: '' when there is none. */
function lastUserText(messages: unknown[]): string {
  const turn = messages.findLast((m) => (m as { role?: unknown } | null)?.role === 'user') as { content?: unknown };
  return typeof turn?.content === 'string' ? turn.content : '';
}

/** A messages cell: its JSON list, none when empty, else the text as it is (which validation then refuses). */
function messagesCell(cell: string): unknown {
  if (cell.trim() === '') return null;
  try {
    return JSON.parse(cell);
  } catch {
    return cell;
  }
}

const ACTIVE_TEXTS: Record<string, boolean> = { true: true, false: false, yes: true, no: false, '1': true, '0': false };

/** The delimiters a CSV file may use; Papa Parse picks the one that splits the first rows into equal column counts. */
const CSV_DELIMITERS = [',', ';', '\t', '|'];

/**
 * RFC 4180 through Papa Parse: a header row, quoted cells with delimiters, quotes and newlines, CRLF or LF.
 * Every column holds a value for every row: an empty cell is an empty variable, no expected output, or, for the name,
 * a name taken from the content. (csv-parse could tell "" from an empty cell, but took ~10x as long on 10,000 rows.)
 * A cell an export prefixed with `'` against formulas reads as the text without that prefix (see csvSafeCell).
 */
function readCsv(file: InputFile, text: string, columns: ImportColumns) {
  const parsed = Papa.parse<string[]>(text, { delimitersToGuess: CSV_DELIMITERS, skipEmptyLines: true });
  file.delimiter = parsed.meta.delimiter;
  const broken = parsed.errors.find((error) => error.type === 'Quotes');
  if (broken) {
    addError(file, { row: (broken.row ?? 0) + 1, field: 'data', message: broken.message });
    return;
  }
  const records = parsed.data;
  const [headerCells] = records;
  if (headerCells === undefined) return;
  file.sample = records.slice(0, LIMITS.importPreviewRows + 1);
  const header = readHeader(
    headerCells.map((cell) => cell.trim()),
    columns,
  );
  file.columns = header.readings.map(({ column, target }) => ({ column, target }));
  for (const error of header.errors) addError(file, error);
  file.totalRows = records.length - 1;
  if (header.errors.length > 0 || tooManyRows(file, LIMITS.importMaxRows + 2)) return;
  const readings = header.readings;

  for (const [n, cells] of records.entries()) {
    if (n === 0) continue;
    if (file.errors.length >= LIMITS.importErrorsListed) break;
    const row = n + 1;
    if (cells.length !== readings.length) {
      addError(file, { row, field: 'data', message: `Expected ${readings.length} columns, found ${cells.length}.` });
      continue;
    }
    const raw: RawRow = { variables: {} };
    readings.forEach(({ target, variable }, index) => {
      const cell = csvCellText(cells[index]!); // the row has one cell per reading, as checked above
      if (target === 'ignore') return;
      if (variable !== undefined) raw.variables[variable] = cell;
      else if (target === 'messages') raw.messages = messagesCell(cell);
      else if (target === 'active')
        raw.active = cell === '' ? undefined : (ACTIVE_TEXTS[cell.trim().toLowerCase()] ?? cell);
      else raw[target] = cell;
    });
    addRow(file, row, raw);
  }
}

/**
 * An OpenAI Evals sample (`{"input": [{"role": ..., "content": ...}], "ideal": ...}`) read as a user prompt: its user
 * and assistant messages are the conversation, its system messages the variable `system` (a user prompt has no
 * system prompt of its own; a configuration's may use `{{system}}`), and its first ideal answer the expected output.
 * Any other line is as it is.
 */
export function fromChatSample(object: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(object.input)) return object;
  const { input, ideal, ...rest } = object;
  const isSystem = (m: unknown) => (m as { role?: unknown } | null)?.role === 'system';
  const system = input.filter(isSystem).map((m) => {
    const content = (m as { content?: unknown }).content;
    return typeof content === 'string' ? content : '';
  });
  const variables = typeof rest.variables === 'object' && rest.variables !== null ? rest.variables : {};
  return {
    ...rest,
    messages: input.filter((m) => !isSystem(m)),
    ...(system.length > 0 ? { variables: { ...variables, system: system.join('\n\n') } } : {}),
    ...(ideal === undefined ? {} : { expected_output: Array.isArray(ideal) ? (ideal[0] ?? null) : ideal }),
  };
}

/** A JSONL object's fields as columns: its own keys, and a `variables` object's as `variables.<name>`. */
function jsonFields(object: Record<string, unknown>): Map<string, unknown> {
  const fields = new Map<string, unknown>();
  for (const [key, value] of Object.entries(object)) {
    if (key === 'variables' && typeof value === 'object' && value !== null && !Array.isArray(value))
      for (const [name, variable] of Object.entries(value)) fields.set(VARIABLE_COLUMN_PREFIX + name, variable);
    else fields.set(key, value);
  }
  return fields;
}

/** A JSON value as the text of a cell: numbers, booleans, objects and arrays as written in JSON; null as is. */
const jsonText = (value: unknown) =>
  typeof value === 'string' || value === null || value === undefined ? value : JSON.stringify(value);

/**
 * One JSON object per line; blank lines are skipped and `row` is the line number. Each object's fields are read like
 * a CSV file's columns (the union of every line's fields, in the order they first appear, read as `columns` says or
 * from their names), so a field a line leaves out is absent from that row rather than empty.
 */
function readJsonl(file: InputFile, text: string, columns: ImportColumns) {
  const lines: { row: number; line: string }[] = [];
  text.split(/\r?\n/).forEach((line, n) => {
    if (line.trim() !== '') lines.push({ row: n + 1, line });
  });
  file.totalRows = lines.length;
  if (tooManyRows(file, lines[LIMITS.importMaxRows]?.row ?? 0)) return;
  const objects: { row: number; fields: Map<string, unknown> }[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { row, line } of lines) {
    let object: unknown;
    try {
      object = JSON.parse(line);
    } catch (error) {
      addError(file, { row, field: 'data', message: `Not valid JSON: ${(error as Error).message}` });
      continue;
    }
    if (typeof object !== 'object' || object === null || Array.isArray(object)) {
      addError(file, { row, field: 'data', message: 'Each line must be a JSON object.' });
      continue;
    }
    const fields = jsonFields(fromChatSample(object as Record<string, unknown>));
    for (const key of fields.keys()) if (!firstRowOf.has(key)) firstRowOf.set(key, row);
    objects.push({ row, fields });
  }
  const header = readHeader([...firstRowOf.keys()], columns);
  file.columns = header.readings.map(({ column, target }) => ({ column, target }));
  // A field's problem is shown at the first line that has it.
  for (const error of header.errors) addError(file, { ...error, row: firstRowOf.get(error.field) ?? 0 });
  if (objects.length > 0)
    file.sample = [
      file.columns.map(({ column }) => column),
      ...objects
        .slice(0, LIMITS.importPreviewRows)
        .map(({ fields }) => file.columns.map(({ column }) => String(jsonText(fields.get(column)) ?? ''))),
    ];
  if (header.errors.length > 0) return;
  for (const { row, fields } of objects) {
    if (file.errors.length >= LIMITS.importErrorsListed) break;
    const raw: RawRow = { variables: {} };
    for (const { column, target, variable } of header.readings) {
      if (target === 'ignore' || !fields.has(column)) continue;
      const value = fields.get(column);
      if (variable !== undefined) raw.variables[variable] = jsonText(value);
      else if (target === 'messages') raw.messages = typeof value === 'string' ? messagesCell(value) : value;
      else if (target === 'active')
        raw.active = typeof value === 'string' ? (ACTIVE_TEXTS[value.trim().toLowerCase()] ?? value) : value;
      else raw[target] = jsonText(value);
    }
    addRow(file, row, raw);
  }
}
