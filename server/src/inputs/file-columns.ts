import {
  INPUT_FILE_FIELDS,
  VARIABLE_COLUMN_PREFIX,
  VARIABLE_NAME_PATTERN,
  type ImportColumns,
  type ImportColumnTarget,
  type ImportRowError,
} from '@promptgrid/contract';

/** How one column of a CSV file is read; `variable` names the variable of a column read as one. */
export type ColumnReading = { column: string; target: ImportColumnTarget; variable?: string };

/** Headers spreadsheets of test cases use for a user prompt's own fields, lower-cased. */
const HEADER_ALIASES: Record<string, ImportColumnTarget> = {
  input: 'content',
  question: 'content',
  prompt: 'content',
  text: 'content',
  ticket: 'content',
  expected: 'expected_output',
  ideal: 'expected_output',
  answer: 'expected_output',
  label: 'expected_output',
  category: 'expected_output',
  __expected: 'expected_output',
  conversation: 'messages',
};

const fieldNamed = (header: string) => INPUT_FILE_FIELDS.find((name) => name === header.toLowerCase());

/**
 * What a column is read as when the request does not say: a field's own name (`content`, `expected_output`...), then a
 * common alias of it (`ticket`, `category`...) unless another column already has the field's name, then a variable.
 */
function defaultTarget(header: string, headers: string[]): ImportColumnTarget {
  const field = fieldNamed(header);
  if (field) return field;
  const alias = HEADER_ALIASES[header.toLowerCase()];
  if (alias && !headers.some((other) => fieldNamed(other) === alias)) return alias;
  return 'variable';
}

/**
 * How each column is read, from the mapping asked for (by header text) and, for the columns it leaves out, their
 * names; a file with a single column is its content. Every column has a reading, so a preview can show a mapping to
 * correct; the header row's problems come with them.
 */
export function readHeader(
  headers: string[],
  columns: ImportColumns,
): { readings: ColumnReading[]; errors: ImportRowError[] } {
  const readings: ColumnReading[] = [];
  const errors: ImportRowError[] = [];
  const taken = new Set<string>();
  headers.forEach((header, n) => {
    const field = header || `column ${n + 1}`;
    const target = columns[header] ?? (headers.length === 1 ? 'content' : defaultTarget(header, headers));
    const reading: ColumnReading = { column: header, target };
    readings.push(reading);
    if (target === 'variable') {
      if (header === '') return errors.push({ row: 1, field, message: 'This column has no name.' });
      const variable = header.startsWith(VARIABLE_COLUMN_PREFIX) ? header.slice(VARIABLE_COLUMN_PREFIX.length) : header;
      if (!VARIABLE_NAME_PATTERN.test(variable))
        return errors.push({
          row: 1,
          field,
          message: `'${header}' is not a variable name: use letters, digits and _, not starting with a digit, at most 64.`,
        });
      reading.variable = variable;
    }
    const key = reading.variable === undefined ? target : VARIABLE_COLUMN_PREFIX + reading.variable;
    if (target !== 'ignore' && taken.has(key))
      return errors.push({ row: 1, field, message: `Another column is already read as ${key}.` });
    taken.add(key);
  });
  if (!taken.has('content') && !taken.has('messages'))
    errors.push({
      row: 1,
      field: 'content',
      message: 'A content or messages column is required (or a file with a single column).',
    });
  return { readings, errors };
}
