import { isDeepStrictEqual } from 'node:util';
import { JSONPath } from 'jsonpath-plus';
import { parseToolArgumentCheck, type ToolCall } from '@promptgrid/contract';
import { jsonSchemaMismatch } from './schema-jobs.js';
import { quote, verdict, type RuleVerdict } from './rule-verdict.js';

/**
 * What the tool checks read besides the output: the calls the model made, and what its configuration declared — each
 * tool's parameters and the response schema, as JSON Schema texts (validators are cached by text).
 */
export type ToolFacts = {
  toolCalls: readonly ToolCall[];
  toolSchemas: ReadonlyMap<string, string>;
  responseSchema: string | null;
};
export const NO_TOOL_FACTS: ToolFacts = { toolCalls: [], toolSchemas: new Map(), responseSchema: null };

type ToolRuleType = 'calls_tool' | 'tool_args_schema' | 'tool_arg_equals' | 'no_tool_call';
type ToolRule = (
  output: string,
  expected: string | null,
  facts?: ToolFacts,
) => RuleVerdict | null | Promise<RuleVerdict | null>;

const NO_CALL = 'Makes no tool call.';
const namesOf = (calls: readonly ToolCall[]) => calls.map((call) => call.name).join(', ');

/** Every call's arguments against the check's schema, or against the parameters its configuration declared. */
function argumentsSchemaRule(schemaText: string): ToolRule {
  return async (_output, _expected, facts = NO_TOOL_FACTS) => {
    if (facts.toolCalls.length === 0) return verdict(false, NO_CALL);
    for (const call of facts.toolCalls) {
      const schema = schemaText.trim() !== '' ? schemaText : facts.toolSchemas.get(call.name);
      if (schema === undefined) return verdict(false, `Calls ${call.name}, which the configuration does not declare.`);
      if (typeof call.arguments === 'string')
        return verdict(false, `The arguments of ${call.name} are not JSON: ${quote(call.arguments)}.`);
      const mismatch = await jsonSchemaMismatch(schema, JSON.stringify(call.arguments) ?? 'null');
      if (mismatch !== null)
        return verdict(false, `The arguments of ${call.name} do not match the JSON Schema: ${mismatch}.`);
    }
    return verdict(true, `The arguments of ${namesOf(facts.toolCalls)} match the JSON Schema.`);
  };
}

/** An argument equals the wanted value: as JSON, or as text when either side is text (whitespace aside). */
function sameValue(found: unknown, wanted: unknown): boolean {
  if (isDeepStrictEqual(found, wanted)) return true;
  if (typeof wanted !== 'string') return false;
  if (typeof found === 'string') return found.trim() === wanted.trim();
  try {
    return isDeepStrictEqual(found, JSON.parse(wanted));
  } catch {
    return false;
  }
}

/**
 * Some call has the argument at the JSON path, equal to the check's value; without one, equal to the input's expected
 * output (an input that expects nothing is not checked).
 */
function argumentEqualsRule(value: string): ToolRule {
  const parsed = parseToolArgumentCheck(value);
  if (!parsed.ok) throw new Error(parsed.message);
  const { path, equals } = parsed.check;
  const compared = 'equals' in parsed.check;
  return (_output, expected, facts = NO_TOOL_FACTS) => {
    const wanted = compared ? equals : expected;
    if (!compared && expected === null) return null;
    if (facts.toolCalls.length === 0) return verdict(false, NO_CALL);
    const seen: string[] = [];
    for (const call of facts.toolCalls) {
      if (typeof call.arguments !== 'object' || call.arguments === null) continue;
      const found = JSONPath<unknown[]>({ path, json: call.arguments, wrap: true, eval: false });
      if (found.some((item) => sameValue(item, wanted)))
        return verdict(true, `${call.name}'s ${path} is ${quote(JSON.stringify(wanted))}.`);
      seen.push(...found.map((item) => `${call.name}: ${JSON.stringify(item)}`));
    }
    const got = seen.length === 0 ? `no call has ${path}` : `got ${quote(seen.join('; '))}`;
    return verdict(false, `Expected ${path} to be ${quote(JSON.stringify(wanted))}, ${got}.`);
  };
}

/** The rule of a check on the reply's tool calls. */
export function toolRule(type: ToolRuleType, value: string): ToolRule {
  switch (type) {
    case 'calls_tool': {
      const name = value.trim();
      return (_output, _expected, facts = NO_TOOL_FACTS) => {
        if (facts.toolCalls.some((call) => call.name === name)) return verdict(true, `Calls ${name}.`);
        if (facts.toolCalls.length === 0) return verdict(false, `Does not call ${name}: makes no tool call.`);
        return verdict(false, `Does not call ${name}; calls ${namesOf(facts.toolCalls)}.`);
      };
    }
    case 'tool_args_schema':
      return argumentsSchemaRule(value);
    case 'tool_arg_equals':
      return argumentEqualsRule(value);
    case 'no_tool_call':
      return (_output, _expected, facts = NO_TOOL_FACTS) =>
        facts.toolCalls.length === 0 ? verdict(true, NO_CALL) : verdict(false, `Calls ${namesOf(facts.toolCalls)}.`);
  }
}
