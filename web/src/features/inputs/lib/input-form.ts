import { z } from 'zod';
import { InputFields, requireContentOrMessages, Variables, type ChatMessage, type Input } from '@promptgrid/contract';
import { variableRowsOf, variablesOf, type VariableRow } from '../components/variables-editor';

/**
 * The editor's fields, named as the API names them; the variables are the rows of their table until sent. A
 * conversation input sends its messages, a text input its content.
 */
export type InputValues = {
  name: string;
  conversation: boolean;
  content: string;
  messages: ChatMessage[];
  variables: VariableRow[];
  expected_output: string;
  /** The version edited: sent as the save's precondition (null for a new input). */
  updated_at: string | null;
};

export const valuesOf = (input: Input | null): InputValues => ({
  name: input?.name ?? '',
  conversation: input?.messages != null,
  content: input?.content ?? '',
  messages: input?.messages ?? [],
  variables: variableRowsOf(input?.variables ?? {}),
  expected_output: input?.expected_output ?? '',
  updated_at: input?.updated_at ?? null,
});

/** What is sent: the content of a text input, or the messages of a conversation (whose content the server derives). */
const textOf = (values: InputValues) =>
  values.conversation ? { messages: values.messages } : { content: values.content, messages: null };

export const toPayload = (values: InputValues) => ({
  name: values.name.trim(),
  ...textOf(values),
  variables: variablesOf(values.variables),
  expected_output: values.expected_output === '' ? null : values.expected_output,
  updated_at: values.updated_at ?? undefined,
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

export const inputSchema = z.preprocess(
  (values) => ({ ...(values as InputValues), content: undefined, ...textOf(values as InputValues) }),
  requireContentOrMessages(InputFields.extend({ variables: VariableRows })),
);

const FIELDS = ['name', 'content', 'messages', 'variables', 'expected_output'] as const;

/** The field a 400 body's key belongs to: `variables.city` is the variables table's. */
export const inputFieldOf = (key: string) => FIELDS.find((field) => key.split('.')[0] === field) ?? null;
