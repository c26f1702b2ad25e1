import { z } from 'zod';
import {
  CHECK_TYPES_WITHOUT_VALUE,
  EQUALS_EXPECTED_MODES,
  type EqualsExpectedMode,
  SaveCheckInput,
  type Check,
  type CheckType,
  type SaveCheckInput as SaveCheckPayload,
} from '@promptgrid/contract';

/** The editor's fields, named as the API names them; the judge model is its select's text until sent. */
export type CheckValues = {
  name: string;
  type: CheckType;
  value: string;
  ai_model_id: string;
  /** 'all': every user prompt, now and later; 'chosen': only `input_ids`. */
  scope: 'all' | 'chosen';
  input_ids: number[];
  /** 'all': outputs of every configuration; 'chosen': only of `configuration_ids` (rule checks). */
  configuration_scope: 'all' | 'chosen';
  configuration_ids: number[];
  is_active: boolean;
};

export const valuesOf = (check: Check | null): CheckValues => ({
  name: check?.name ?? '',
  type: check?.type ?? 'contains',
  value: check?.value ?? '',
  ai_model_id: check?.ai_model_id == null ? '' : String(check.ai_model_id),
  scope: check?.input_ids ? 'chosen' : 'all',
  input_ids: check?.input_ids ?? [],
  configuration_scope: check?.configuration_ids ? 'chosen' : 'all',
  configuration_ids: check?.configuration_ids ?? [],
  is_active: check?.is_active ?? true,
});

export const takesValue = (type: CheckType) => !CHECK_TYPES_WITHOUT_VALUE.includes(type);

export function toPayload(values: CheckValues): SaveCheckPayload {
  const judge = values.type === 'llm_judge';
  return {
    name: values.name.trim(),
    type: values.type,
    // A value left over from another type would be stored with a check that ignores it; an equals_expected check
    // keeps its comparison (set where it was created), which this editor does not show.
    value:
      takesValue(values.type) ||
      (values.type === 'equals_expected' && EQUALS_EXPECTED_MODES.includes(values.value as EqualsExpectedMode))
        ? values.value
        : '',
    ai_model_id: judge && values.ai_model_id !== '' ? Number(values.ai_model_id) : null,
    input_ids: values.scope === 'all' ? null : values.input_ids,
    configuration_ids: judge || values.configuration_scope === 'all' ? null : values.configuration_ids,
    is_active: values.is_active,
  };
}

const NO_INPUTS = 'Choose at least one user prompt, or apply the check to all of them.';

/** The contract's rules on what would be sent, plus one of the editor's own: 'chosen' with nothing chosen. */
export const checkSchema = z.preprocess(
  (values) => toPayload(values as CheckValues),
  SaveCheckInput.superRefine((check, context) => {
    if (check.input_ids?.length === 0) context.addIssue({ code: 'custom', path: ['input_ids'], message: NO_INPUTS });
  }),
);

const FIELDS = ['name', 'type', 'value', 'ai_model_id', 'input_ids', 'configuration_ids'] as const;

/** The field a 400 body's key belongs to; `input_ids.0` belongs to the user prompt list. */
export const checkFieldOf = (key: string) => FIELDS.find((field) => key.split('.')[0] === field) ?? null;

/** What the value field is called and expects for each type (null: the type takes no value). */
export const VALUE_FIELDS: Record<
  CheckType,
  {
    label: string;
    hint: string;
    multiline?: boolean;
    numeric?: boolean;
    monospace?: boolean;
    /** Empty is allowed: the check then reads what the configuration declared. */
    optional?: boolean;
  } | null
> = {
  contains: { label: 'Text', hint: 'Passes when the output contains this text (case-sensitive).' },
  not_contains: { label: 'Text', hint: 'Passes when the output does not contain this text.' },
  regex: { label: 'Pattern', hint: 'A JavaScript regular expression, without slashes.', monospace: true },
  equals_expected: null,
  contains_expected: null,
  is_json: null,
  json_schema: {
    label: 'JSON Schema',
    hint: "Passes when the output is JSON that the schema accepts. Empty: the system prompt's response schema.",
    multiline: true,
    monospace: true,
    optional: true,
  },
  max_chars: { label: 'Maximum characters', hint: 'Passes when the output is at most this long.', numeric: true },
  calls_tool: { label: 'Tool name', hint: 'Passes when the model calls this tool.', monospace: true },
  tool_args_schema: {
    label: 'JSON Schema',
    hint: "Passes when every tool call's arguments match this schema. Empty: each called tool's declared parameters.",
    multiline: true,
    monospace: true,
    optional: true,
  },
  // Two fields of their own (ToolArgumentFields): a JSON path and the value, kept as JSON in `value`.
  tool_arg_equals: { label: 'JSON path', hint: 'The argument to compare and the value it must equal.' },
  no_tool_call: null,
  llm_judge: {
    label: 'Rubric',
    hint: 'What the judge model checks each output for; it answers pass or fail with a reason.',
    multiline: true,
  },
};

/** Why a type has no value field. */
export const NO_VALUE_HINTS: Partial<Record<CheckType, string>> = {
  equals_expected: "Compares the output with each user prompt's expected output.",
  contains_expected: "Passes when the output contains the user prompt's expected output.",
  is_json: 'Passes when the whole output parses as JSON.',
  no_tool_call: 'Passes when the model answers without calling a tool.',
};
