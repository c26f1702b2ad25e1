import { stringify } from 'csv-stringify/sync';
import {
  csvSafeCell,
  INPUT_FILE_FIELDS,
  VARIABLE_COLUMN_PREFIX,
  type Input,
  type InputFileFormat,
} from '@promptgrid/contract';

/** A variable's column: its name, or `variables.<name>` where the name is also one of the input's own columns. */
const variableColumn = (name: string) =>
  (INPUT_FILE_FIELDS as readonly string[]).includes(name.toLowerCase()) ? VARIABLE_COLUMN_PREFIX + name : name;

/**
 * User prompts in the shape an import reads back unchanged. CSV starts with a BOM, so spreadsheets read it as UTF-8;
 * it has a column per variable any prompt has, so a prompt without one reads back with it empty (JSONL keeps it out);
 * a text a spreadsheet would run as a formula is prefixed with `'`, which the import removes again.
 */
export function writeInputFile(format: InputFileFormat, inputs: Input[]): string {
  const exported = inputs.map((input) => ({
    name: input.name,
    content: input.content,
    expected_output: input.expected_output,
    active: input.active,
    messages: input.messages,
    variables: input.variables,
  }));
  if (format === 'jsonl') return exported.map((row) => JSON.stringify(row)).join('\n') + (exported.length ? '\n' : '');
  const variableNames = [...new Set(inputs.flatMap((input) => Object.keys(input.variables)))].sort();
  return stringify(
    exported.map((row) => [
      row.name,
      row.content,
      row.expected_output,
      row.active,
      // A conversation as its JSON list of {role, content}, which an import reads back.
      row.messages === null ? '' : JSON.stringify(row.messages),
      ...variableNames.map((name) => (Object.hasOwn(row.variables, name) ? row.variables[name] : '')),
    ]),
    {
      bom: true,
      header: true,
      columns: [...INPUT_FILE_FIELDS, ...variableNames.map(variableColumn)],
      cast: { boolean: (value) => String(value), string: csvSafeCell },
    },
  );
}
