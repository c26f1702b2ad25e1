import type { CheckType, EqualsExpectedMode } from '@promptgrid/contract';
import { schemaValidator } from './json-schema.js';
import { REGEX_JOB_TIMEOUT_MS, searchRegex } from './regex-thread.js';

/**
 * A rule's decision on one output: pass or fail, score 1 or 0, and a one-line reason a person can read; or, when the
 * rule could not decide on this output (its regex search ran out of time, its schema threw), an error saying why.
 */
export type RuleVerdict =
  { pass: boolean; score: number; reason: string } | { pass: null; score: null; reason: string; error: string };

/**
 * Applies one rule to an output and its input's expected output; null when the rule does not apply (nothing
 * expected). A regex rule answers later: it searches on its own thread.
 */
export type Rule = (output: string, expected: string | null) => RuleVerdict | null | Promise<RuleVerdict | null>;
/** Every rule but the regex decides at once. */
type ImmediateRule = (output: string, expected: string | null) => RuleVerdict | null;

export type RuleType = Exclude<CheckType, 'llm_judge'>;

const verdict = (pass: boolean, reason: string): RuleVerdict => ({ pass, score: pass ? 1 : 0, reason });
export const errorVerdict = (error: string): RuleVerdict => ({ pass: null, score: null, reason: '', error });

/** Quoted for a reason line, cut short so a long needle does not fill the badge. */
const quote = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);

function parseJson(output: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(output) };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

function jsonSchemaRule(schemaText: string): ImmediateRule {
  const validate = schemaValidator(schemaText);
  return (output) => {
    const parsed = parseJson(output);
    if (!parsed.ok) return verdict(false, `Not valid JSON: ${parsed.message}`);
    if (validate(parsed.value)) return verdict(true, 'Matches the JSON Schema.');
    const [first] = validate.errors ?? [];
    const where = first?.instancePath ? `${first.instancePath} ` : '';
    return verdict(false, `Does not match the JSON Schema: ${where}${first?.message ?? 'invalid'}.`);
  };
}

/** What equals_expected compares of a text, by its mode. */
function comparableText(mode: EqualsExpectedMode): (text: string) => string {
  if (mode === 'exact') return (text) => text;
  if (mode === 'ignore_case') return (text) => text.trim().toLocaleLowerCase();
  return (text) => text.trim();
}

const SURROGATE_PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;
/** Characters as a person counts them (code points), not UTF-16 units: a pair of surrogates is one character. */
const characterCount = (text: string) => text.length - (text.match(SURROGATE_PAIR)?.length ?? 0);

/**
 * Builds the rule of a check once (its pattern, schema or limit parsed), to apply it to many outputs.
 * Text comparisons are case-sensitive; comparisons with the expected output ignore surrounding whitespace, which
 * models add and expected outputs typed in a form lose, unless an equals_expected check asks for an exact comparison
 * (or also ignores case). A failure quotes both texts: a reader sees what was wanted without opening the input.
 */
export function compileRule(type: Exclude<RuleType, 'regex'>, value: string): ImmediateRule;
export function compileRule(type: RuleType, value: string): Rule;
export function compileRule(type: RuleType, value: string): Rule {
  switch (type) {
    case 'contains':
      return (output) =>
        output.includes(value)
          ? verdict(true, `Contains ${quote(value)}.`)
          : verdict(false, `Does not contain ${quote(value)}.`);
    case 'not_contains':
      return (output) =>
        output.includes(value)
          ? verdict(false, `Contains ${quote(value)}.`)
          : verdict(true, `Does not contain ${quote(value)}.`);
    case 'regex': {
      new RegExp(value, 'u'); // a pattern that is not even JavaScript fails here, as the check is compiled
      return async (output) => {
        const found = await searchRegex(value, output);
        if (!found.ok)
          return errorVerdict(
            found.reason === 'timeout'
              ? `The regular expression took over ${REGEX_JOB_TIMEOUT_MS} ms on this output.`
              : `The regular expression cannot run: ${found.message}`,
          );
        return found.match !== null
          ? verdict(true, `Matches /${value}/ at ${quote(found.match)}.`)
          : verdict(false, `No match for /${value}/.`);
      };
    }
    case 'equals_expected': {
      const comparable = comparableText(value as EqualsExpectedMode);
      return (output, expected) => {
        if (expected === null) return null;
        return comparable(output) === comparable(expected)
          ? verdict(true, 'Equals the expected output.')
          : verdict(false, `Expected ${quote(expected)}, got ${quote(output)}.`);
      };
    }
    case 'contains_expected':
      return (output, expected) => {
        if (expected === null) return null;
        return output.includes(expected.trim())
          ? verdict(true, 'Contains the expected output.')
          : verdict(false, `Expected ${quote(expected.trim())} in the output, got ${quote(output)}.`);
      };
    case 'is_json':
      return (output) => {
        const parsed = parseJson(output);
        return parsed.ok ? verdict(true, 'Valid JSON.') : verdict(false, `Not valid JSON: ${parsed.message}`);
      };
    case 'json_schema':
      return jsonSchemaRule(value);
    case 'max_chars': {
      const limit = Number.parseInt(value.trim(), 10);
      return (output) => {
        const count = characterCount(output);
        return count <= limit
          ? verdict(true, `${count} characters, within ${limit}.`)
          : verdict(false, `${count} characters, over ${limit}.`);
      };
    }
  }
}

export const isRuleType = (type: CheckType): type is RuleType => type !== 'llm_judge';
