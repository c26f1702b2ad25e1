import {
  CHECK_TYPES_WITHOUT_VALUE,
  EQUALS_EXPECTED_MODES,
  type EqualsExpectedMode,
  SaveCheckInput,
  type Check,
  type CheckType,
  type SaveCheckInput as SaveCheckPayload,
} from '@promptgrid/contract';

/** The editor's fields as typed; `toPayload` turns them into what the API takes. */
export type CheckForm = {
  name: string;
  type: CheckType;
  value: string;
  modelId: string;
  /** 'all': every user prompt, now and later; 'chosen': only `inputIds`. */
  scope: 'all' | 'chosen';
  inputIds: number[];
  active: boolean;
};

export type CheckField = 'name' | 'type' | 'value' | 'ai_model_id' | 'input_ids';
export type CheckErrors = Partial<Record<CheckField, string>>;

const FIELDS: readonly CheckField[] = ['name', 'type', 'value', 'ai_model_id', 'input_ids'];

export const formOf = (check: Check | null): CheckForm => ({
  name: check?.name ?? '',
  type: check?.type ?? 'contains',
  value: check?.value ?? '',
  modelId: check?.ai_model_id == null ? '' : String(check.ai_model_id),
  scope: check?.input_ids ? 'chosen' : 'all',
  inputIds: check?.input_ids ?? [],
  active: check?.is_active ?? true,
});

export const takesValue = (type: CheckType) => !CHECK_TYPES_WITHOUT_VALUE.includes(type);

export function toPayload(form: CheckForm): SaveCheckPayload {
  const judge = form.type === 'llm_judge';
  return {
    name: form.name.trim(),
    type: form.type,
    // A value left over from another type would be stored with a check that ignores it; an equals_expected check
    // keeps its comparison (set where it was created), which this editor does not show.
    value:
      takesValue(form.type) ||
      (form.type === 'equals_expected' && EQUALS_EXPECTED_MODES.includes(form.value as EqualsExpectedMode))
        ? form.value
        : '',
    ai_model_id: judge && form.modelId !== '' ? Number(form.modelId) : null,
    input_ids: form.scope === 'all' ? null : form.inputIds,
    is_active: form.active,
  };
}

const NO_INPUTS = 'Choose at least one user prompt, or apply the check to all of them.';

/** The shared contract's rules, checked in the browser first: the same messages the server would answer. */
export function validateCheck(form: CheckForm): CheckErrors {
  const errors: CheckErrors = {};
  const parsed = SaveCheckInput.safeParse(toPayload(form));
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '') as CheckField;
      if (FIELDS.includes(field)) errors[field] ??= issue.message;
    }
  if (form.type === 'llm_judge' && form.modelId === '') errors.ai_model_id = 'An llm_judge check needs a judge model.';
  if (form.scope === 'chosen' && form.inputIds.length === 0) errors.input_ids = NO_INPUTS;
  return errors;
}

export const hasErrors = (errors: CheckErrors) => Object.values(errors).some(Boolean);

/**
 * A 400 body (`{field: [messages]}`) split into the editor's fields and the rest; `input_ids.0` belongs to the
 * user prompt list.
 */
export function serverCheckErrors(body: unknown): { fields: CheckErrors; other: string | null } {
  const fields: CheckErrors = {};
  const other: string[] = [];
  if (body && typeof body === 'object')
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      const text = Array.isArray(value) ? value.join(' ') : String(value);
      const field = key.split('.')[0] as CheckField;
      if (FIELDS.includes(field)) fields[field] = fields[field] ? `${fields[field]} ${text}` : text;
      else other.push(text);
    }
  return { fields, other: other.length > 0 ? other.join(' ') : null };
}

/** What the value field is called and expects for each type (null: the type takes no value). */
export const VALUE_FIELDS: Record<
  CheckType,
  { label: string; hint: string; multiline?: boolean; numeric?: boolean; monospace?: boolean } | null
> = {
  contains: { label: 'Text', hint: 'Passes when the output contains this text (case-sensitive).' },
  not_contains: { label: 'Text', hint: 'Passes when the output does not contain this text.' },
  regex: { label: 'Pattern', hint: 'A JavaScript regular expression, without slashes.', monospace: true },
  equals_expected: null,
  contains_expected: null,
  is_json: null,
  json_schema: {
    label: 'JSON Schema',
    hint: 'Passes when the output is JSON that the schema accepts.',
    multiline: true,
    monospace: true,
  },
  max_chars: { label: 'Maximum characters', hint: 'Passes when the output is at most this long.', numeric: true },
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
};
