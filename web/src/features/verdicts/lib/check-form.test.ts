import { describe, expect, it } from 'vitest';
import type { Check } from '@promptgrid/contract';
import { checkSchema, NO_VALUE_HINTS, toPayload, VALUE_FIELDS, valuesOf } from './check-form';

const check = (type: Check['type'], value: string) => ({ ...valuesOf(null), name: 'c', type, value });

describe('the check form payload', () => {
  it("keeps an equals_expected check's comparison when it is saved again, and drops other types' leftovers", () => {
    expect(toPayload(check('equals_expected', 'ignore_case')).value).toBe('ignore_case');
    expect(toPayload(check('equals_expected', 'exact')).value).toBe('exact');
    expect(toPayload(check('equals_expected', 'Paris')).value).toBe('');
    expect(toPayload(check('contains_expected', 'Paris')).value).toBe('');
    expect(toPayload(check('contains', 'Paris')).value).toBe('Paris');
  });

  it('asks the tool checks for what they need: a tool name, an optional schema, a JSON path and value, or nothing', () => {
    expect(VALUE_FIELDS.calls_tool).toMatchObject({ label: 'Tool name' });
    expect(VALUE_FIELDS.tool_args_schema).toMatchObject({ label: 'JSON Schema', optional: true });
    expect(VALUE_FIELDS.json_schema).toMatchObject({ optional: true });
    expect(VALUE_FIELDS.no_tool_call).toBeNull();
    expect(NO_VALUE_HINTS.no_tool_call).toBe('Passes when the model answers without calling a tool.');
    expect(toPayload(check('no_tool_call', 'leftover')).value).toBe('');

    const issues = (type: Check['type'], value: string) =>
      (checkSchema.safeParse(check(type, value)).error?.issues ?? []).map((issue) => issue.message);
    expect(issues('tool_args_schema', '')).toEqual([]);
    expect(issues('tool_arg_equals', '{"path": "$.city", "equals": "Paris"}')).toEqual([]);
    expect(issues('tool_arg_equals', '{"equals": "Paris"}')).toEqual(['The JSON path is required.']);
  });
});
