import { z } from 'zod';
import { LIMITS } from './constants.js';
import { ID_MAX, Id, Timestamp, requiredText } from './common.js';

export const CHECK_TYPES = [
  'contains',
  'not_contains',
  'regex',
  'equals_expected',
  'contains_expected',
  'is_json',
  'json_schema',
  'max_chars',
  'calls_tool',
  'tool_args_schema',
  'tool_arg_equals',
  'no_tool_call',
  'llm_judge',
] as const;
export const CheckType = z.enum(CHECK_TYPES, { error: `Type must be one of ${CHECK_TYPES.join(', ')}.` });
export type CheckType = z.infer<typeof CheckType>;

/** Types whose `value` is ignored: they compare with the input's expected output, or only read the output. */
export const CHECK_TYPES_WITHOUT_VALUE: readonly CheckType[] = [
  'equals_expected',
  'contains_expected',
  'is_json',
  'no_tool_call',
];
/**
 * Types whose empty `value` means the schema the configuration declared: a json_schema check then reads the response
 * schema, a tool_args_schema check each called tool's parameters.
 */
export const CHECK_TYPES_WITH_DECLARED_SCHEMA: readonly CheckType[] = ['json_schema', 'tool_args_schema'];

export const CHECK_TYPE_LABELS: Record<CheckType, string> = {
  contains: 'Contains text',
  not_contains: 'Does not contain text',
  regex: 'Matches a regular expression',
  equals_expected: 'Equals the expected output',
  contains_expected: 'Contains the expected output',
  is_json: 'Is valid JSON',
  json_schema: 'Matches a JSON Schema',
  max_chars: 'At most N characters',
  calls_tool: 'Calls tool',
  tool_args_schema: 'Tool arguments match JSON Schema',
  tool_arg_equals: 'Tool argument equals',
  no_tool_call: 'Makes no tool call',
  llm_judge: 'LLM judge (rubric)',
};

/**
 * How equals_expected compares, in its `value`: '' ignores surrounding whitespace, 'exact' compares every character,
 * 'ignore_case' ignores case and surrounding whitespace.
 */
export const EQUALS_EXPECTED_MODES = ['', 'exact', 'ignore_case'] as const;
export type EqualsExpectedMode = (typeof EQUALS_EXPECTED_MODES)[number];

/**
 * What a tool_arg_equals check compares, as its `value` holds it (JSON): the JSONPath of an argument (`$.city`) and the
 * JSON value it must equal; without `equals`, the input's expected output.
 */
export const ToolArgumentCheck = z.object({
  path: z
    .string({ error: 'The JSON path is required.' })
    .trim()
    .startsWith('$', { error: 'A JSON path starts with $, as in $.city.' }),
  equals: z.unknown().optional(),
});
export type ToolArgumentCheck = z.infer<typeof ToolArgumentCheck>;

/** The tool_arg_equals check in its `value`, or the message saying why it is not one. */
export function parseToolArgumentCheck(
  value: string,
): { ok: true; check: ToolArgumentCheck } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return { ok: false, message: 'The value must be JSON: {"path": "$.city", "equals": "Paris"}.' };
  }
  const parsed = ToolArgumentCheck.safeParse(json);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Not a valid argument check.' };
  return { ok: true, check: parsed.data };
}

/** A rule or a judge rubric that scores every output of a project's runs. */
export const Check = z.object({
  id: Id,
  project: Id,
  name: z.string(),
  type: CheckType,
  value: z.string(),
  /** The judge model; set only for llm_judge. */
  ai_model_id: Id.nullable(),
  /** null: every input; otherwise only outputs of these inputs. */
  input_ids: z.array(Id).nullable(),
  /** null: outputs of every configuration; otherwise only of these (a rule check; others show no verdict of it). */
  configuration_ids: z.array(Id).nullable(),
  is_active: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Check = z.infer<typeof Check>;

/** A pattern the server will compile the same way: JavaScript syntax, unicode mode. */
export function regexError(pattern: string): string | null {
  try {
    new RegExp(pattern, 'u');
    return null;
  } catch (error) {
    return `Not a valid regular expression: ${(error as Error).message}`;
  }
}

export const SaveCheckInput = z
  .object({
    name: requiredText('Name', LIMITS.nameMaxLength),
    type: CheckType,
    value: z.string().max(LIMITS.contentMaxLength, { error: 'Value is too long.' }).default(''),
    ai_model_id: z.number().int().positive({ error: 'Judge model must be a model id.' }).nullable().default(null),
    input_ids: z
      .array(z.number().int().positive(), { error: 'input_ids must be null or a list of input ids.' })
      .nullable()
      .default(null),
    configuration_ids: z
      .array(z.number().int().positive().max(ID_MAX, { error: 'Not a valid id.' }), {
        error: 'configuration_ids must be null or a list of configuration ids.',
      })
      .nullable()
      .default(null),
    is_active: z.boolean().default(true),
  })
  .superRefine((check, context) => {
    const fail = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    const judge = check.type === 'llm_judge';
    if (judge && check.ai_model_id === null) fail('ai_model_id', 'An llm_judge check needs a judge model.');
    if (!judge && check.ai_model_id !== null) fail('ai_model_id', 'Only an llm_judge check takes a judge model.');
    if (judge && check.configuration_ids !== null)
      fail('configuration_ids', 'An llm_judge check judges the outputs of every configuration.');
    if (check.configuration_ids?.length === 0)
      fail('configuration_ids', 'Choose at least one configuration, or null for every configuration.');
    const valueOptional =
      CHECK_TYPES_WITHOUT_VALUE.includes(check.type) || CHECK_TYPES_WITH_DECLARED_SCHEMA.includes(check.type);
    if (!valueOptional && check.value.trim() === '')
      fail('value', check.type === 'llm_judge' ? 'The rubric is required.' : 'Value is required.');
    if (check.type === 'regex' && check.value !== '') {
      const error = regexError(check.value);
      if (error) fail('value', error);
    }
    if (check.type === 'equals_expected' && !EQUALS_EXPECTED_MODES.includes(check.value as EqualsExpectedMode))
      fail('value', "The comparison must be '' (ignore surrounding whitespace), 'exact' or 'ignore_case'.");
    if (check.type === 'max_chars' && check.value.trim() !== '' && !/^\d+$/.test(check.value.trim()))
      fail('value', 'The limit must be a whole number of characters.');
    if (check.type === 'tool_arg_equals' && check.value.trim() !== '') {
      const parsed = parseToolArgumentCheck(check.value);
      if (!parsed.ok) fail('value', parsed.message);
    }
    if (CHECK_TYPES_WITH_DECLARED_SCHEMA.includes(check.type) && check.value.trim() !== '') {
      try {
        const schema: unknown = JSON.parse(check.value);
        if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
          fail('value', 'A JSON Schema must be a JSON object.');
      } catch {
        fail('value', 'The JSON Schema is not valid JSON.');
      }
    }
  });
export type SaveCheckInput = z.infer<typeof SaveCheckInput>;
