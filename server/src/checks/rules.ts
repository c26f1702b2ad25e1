import type { CheckType, EqualsExpectedMode } from '@promptgrid/contract';
import { jsonSchemaMismatch } from './schema-jobs.js';
import { errorVerdict, quote, verdict, type RuleVerdict } from './rule-verdict.js';
import { REGEX_JOB_TIMEOUT_MS, searchRegex } from './regex-thread.js';
import { NO_TOOL_FACTS, toolRule, type ToolFacts } from './tool-rules.js';

/**
 * Applies one rule to an output and its input's expected output; null when the rule does not apply (nothing
 * expected). A regex or JSON Schema rule answers later: it runs off the event loop, within a deadline.
 */
export type Rule = (
  output: string,
  expected: string | null,
  facts?: ToolFacts,
) => RuleVerdict | null | Promise<RuleVerdict | null>;
/** The rules that decide at once. */
export type ImmediateRule = (output: string, expected: string | null, facts?: ToolFacts) => RuleVerdict | null;

export type RuleType = Exclude<CheckType, 'llm_judge'>;
/** The rule types whose rules decide at once (the others run off the event loop). */
export type ImmediateRuleType = Exclude<RuleType, 'regex' | 'json_schema' | 'tool_args_schema'>;

function parseJson(output: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(output) };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

/**
 * The output against the check's schema; with none, against the response schema its configuration declared (an
 * output of a configuration without one is not checked). Validated on the untrusted-work pool (schema-jobs.ts).
 */
function jsonSchemaRule(schemaText: string): Rule {
  return async (output, _expected, facts = NO_TOOL_FACTS) => {
    const schema = schemaText.trim() !== '' ? schemaText : facts.responseSchema;
    if (schema === null) return null;
    const parsed = parseJson(output);
    if (!parsed.ok) return verdict(false, `Not valid JSON: ${parsed.message}`);
    const mismatch = await jsonSchemaMismatch(schema, output);
    return mismatch === null
      ? verdict(true, 'Matches the JSON Schema.')
      : verdict(false, `Does not match the JSON Schema: ${mismatch}.`);
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
export function compileRule(type: ImmediateRuleType, value: string): ImmediateRule;
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
    case 'calls_tool':
    case 'tool_args_schema':
    case 'tool_arg_equals':
    case 'no_tool_call':
      return toolRule(type, value);
  }
}

export const isRuleType = (type: CheckType): type is RuleType => type !== 'llm_judge';
