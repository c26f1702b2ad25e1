import { describe, expect, it } from 'vitest';
import { jsonSchemaError } from './json-schema.js';
import { compileRule, type ImmediateRuleType } from './rules.js';

const judge = (type: ImmediateRuleType, value: string, output: string, expected: string | null = null) =>
  compileRule(type, value)(output, expected);
const judgeSchema = (schema: string, output: string) => compileRule('json_schema', schema)(output, null);
const judgeRegex = (pattern: string, output: string) => compileRule('regex', pattern)(output, null);

describe('rule checks', () => {
  it('contains and not_contains compare case-sensitively', () => {
    expect(judge('contains', 'Paris', 'The capital is Paris.')).toEqual({
      pass: true,
      score: 1,
      reason: 'Contains "Paris".',
    });
    expect(judge('contains', 'Paris', 'the capital is paris.')).toEqual({
      pass: false,
      score: 0,
      reason: 'Does not contain "Paris".',
    });
    expect(judge('not_contains', 'As an AI', 'Paris.')).toMatchObject({ pass: true, score: 1 });
    expect(judge('not_contains', 'As an AI', 'As an AI model, Paris.')).toMatchObject({ pass: false, score: 0 });
  });

  it('regex passes on a match anywhere and names what matched', async () => {
    expect(await judgeRegex('\\d{4}', 'Founded in 1889.')).toEqual({
      pass: true,
      score: 1,
      reason: 'Matches /\\d{4}/ at "1889".',
    });
    expect(await judgeRegex('^\\d+$', 'about 42')).toEqual({
      pass: false,
      score: 0,
      reason: 'No match for /^\\d+$/.',
    });
  });

  it('equals_expected ignores surrounding whitespace, and does not apply without an expected output', () => {
    expect(judge('equals_expected', '', 'Paris\n', ' Paris')).toMatchObject({ pass: true, score: 1 });
    expect(judge('equals_expected', '', 'Paris.', 'Paris')).toMatchObject({ pass: false, score: 0 });
    expect(judge('equals_expected', '', 'Paris', null)).toBeNull();
  });

  it('equals_expected compares exactly, or ignoring case and surrounding whitespace, and says what differed', () => {
    expect(judge('equals_expected', 'exact', 'Paris', 'Paris')).toMatchObject({ pass: true });
    expect(judge('equals_expected', 'exact', 'Paris\n', 'Paris')).toEqual({
      pass: false,
      score: 0,
      reason: 'Expected "Paris", got "Paris\\n".',
    });
    expect(judge('equals_expected', 'ignore_case', ' BILLING\n', 'billing')).toMatchObject({ pass: true });
    expect(judge('equals_expected', 'ignore_case', 'account', 'billing')).toEqual({
      pass: false,
      score: 0,
      reason: 'Expected "billing", got "account".',
    });
    expect(judge('equals_expected', '', 'BILLING', 'billing')).toMatchObject({ pass: false });
  });

  it('contains_expected looks for the expected output inside the output', () => {
    expect(judge('contains_expected', '', 'It is Paris, of course.', 'Paris\n')).toMatchObject({ pass: true });
    expect(judge('contains_expected', '', 'It is Lyon.', 'Paris')).toEqual({
      pass: false,
      score: 0,
      reason: 'Expected "Paris" in the output, got "It is Lyon.".',
    });
    expect(judge('contains_expected', '', 'It is Paris.', null)).toBeNull();
  });

  it('is_json parses the whole output strictly', () => {
    expect(judge('is_json', '', '{"a": [1, 2]}')).toEqual({ pass: true, score: 1, reason: 'Valid JSON.' });
    const fenced = judge('is_json', '', '```json\n{"a": 1}\n```')!;
    expect(fenced.pass).toBe(false);
    expect(fenced.reason).toMatch(/^Not valid JSON: /);
  });

  it('json_schema validates the parsed output with Ajv and says where it fails', async () => {
    const schema = JSON.stringify({
      type: 'object',
      required: ['city'],
      properties: { city: { type: 'string' }, email: { type: 'string', format: 'email' } },
    });
    expect(await judgeSchema(schema, '{"city": "Paris"}')).toEqual({
      pass: true,
      score: 1,
      reason: 'Matches the JSON Schema.',
    });
    expect(await judgeSchema(schema, '{"city": 7}')).toEqual({
      pass: false,
      score: 0,
      reason: 'Does not match the JSON Schema: /city must be string.',
    });
    expect((await judgeSchema(schema, '{"city": "Paris", "email": "nope"}'))!.reason).toContain('/email');
    expect((await judgeSchema(schema, 'Paris'))!.reason).toMatch(/^Not valid JSON/);
  });

  it('max_chars counts characters, not UTF-16 units', () => {
    expect(judge('max_chars', '5', 'héllo')).toEqual({ pass: true, score: 1, reason: '5 characters, within 5.' });
    expect(judge('max_chars', '5', '😀😀😀😀😀')).toMatchObject({ pass: true });
    expect(judge('max_chars', '5', 'hello!')).toEqual({ pass: false, score: 0, reason: '6 characters, over 5.' });
  });

  it('jsonSchemaError accepts a valid schema and names what is wrong with a bad one', () => {
    expect(jsonSchemaError('{"type": "object"}')).toBeNull();
    expect(jsonSchemaError('{"type": "banana"}')).toMatch(/^Not a valid JSON Schema: /);
    expect(jsonSchemaError('{"type": "object", "required": "city"}')).toMatch(/^Not a valid JSON Schema: /);
    expect(jsonSchemaError('{"$ref": "#/definitions/missing"}')).toMatch(/^Not a valid JSON Schema: /);
    expect(jsonSchemaError('{nope')).toBe('The JSON Schema is not valid JSON.');
    expect(jsonSchemaError('[1]')).toBe('A JSON Schema must be a JSON object.');
  });
});
