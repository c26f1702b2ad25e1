import { z } from 'zod';
import { CreateInputInput, Variables, type Input } from '@promptgrid/contract';
import { variableRowsOf, variablesOf, type VariableRow } from '../components/variables-editor';

/** The editor's fields, named as the API names them; the variables are the rows of their table until sent. */
export type InputValues = { name: string; content: string; variables: VariableRow[]; expected_output: string };

export const valuesOf = (input: Input | null): InputValues => ({
  name: input?.name ?? '',
  content: input?.content ?? '',
  variables: variableRowsOf(input?.variables ?? {}),
  expected_output: input?.expected_output ?? '',
});

export const toPayload = (values: InputValues) => ({
  name: values.name.trim(),
  content: values.content,
  variables: variablesOf(values.variables),
  expected_output: values.expected_output === '' ? null : values.expected_output,
});

/**
 * The rows as a table can hold them but a saved object cannot: a value without a name, or a name twice. The names
 * themselves are checked by the contract, in its words.
 */
const VariableRows = z
  .array(z.object({ key: z.number(), name: z.string(), value: z.string() }))
  .superRefine((rows, context) => {
    const names = rows.filter((row) => row.name.trim() !== '' || row.value !== '').map((row) => row.name.trim());
    if (names.includes('')) context.addIssue({ code: 'custom', message: 'Every variable with a value needs a name.' });
    const repeated = names.find((name, n) => name !== '' && names.indexOf(name) !== n);
    if (repeated) context.addIssue({ code: 'custom', message: `The variable '${repeated}' appears twice.` });
  })
  .transform(variablesOf)
  .pipe(Variables);

export const inputSchema = CreateInputInput.extend({ variables: VariableRows });

const FIELDS = ['name', 'content', 'variables', 'expected_output'] as const;

/** The field a 400 body's key belongs to: `variables.city` is the variables table's. */
export const inputFieldOf = (key: string) => FIELDS.find((field) => key.split('.')[0] === field) ?? null;
