// promptfoo's assertions as Promptgrid's checks; what cannot be carried over goes to the report.
import { z } from 'zod';
import { regexError } from '@promptgrid/contract';
import { isMapping, promptfooAssertion, shaped } from './formats.js';
import { caseInsensitiveRegex, escapeRegex, type ModelChoice, type PlannedCheck, type PlannedChecks } from './plan.js';
import { quoted } from './quoted.js';
import { literalText, noteActive } from './promptfoo-inert.js';
import { modelOfProviderId } from './promptfoo-providers.js';
import type { ImportSource, Path } from './source.js';

export type Where = { file: string; path: Path };

/**
 * What assertions need to become checks: the judge model, where each test's checks go, and the variables whose
 * values the prompts' places decode.
 */
export type AssertionContext = {
  models: ModelChoice[];
  judge: ModelChoice | null;
  checks: PlannedChecks;
  encoded: Set<string>;
};

const LENGTH_CHECK = /^\s*(?:return\s+)?output\.length\s*(<=|<)\s*(\d+)\s*;?\s*$/;

/** One assertion as checks over `inputs` (null: all); what cannot be carried over goes to the report. */
export function addAssertion(
  assertion: unknown,
  inputs: number[] | null,
  context: AssertionContext,
  source: ImportSource,
  where: Where,
  setExpected: (value: string) => void,
) {
  const read = shaped(promptfooAssertion, assertion);
  if (read === null) {
    source.note('skipped', 'assertion', 'An assertion needs a type.', where);
    return;
  }
  const { type, value: written } = read;
  // promptfoo renders an assertion's texts: what it would run is reported, the export's literal braces read back.
  const texts: unknown[] = Array.isArray(written) ? written : [written];
  for (const text of texts) {
    const active = shaped(z.string(), text);
    if (active !== null) noteActive(source, active, `assertion '${type}'`, where);
  }
  const literal = (v: unknown): unknown => {
    const text = shaped(z.string(), v);
    return text === null ? v : literalText(text);
  };
  const value = Array.isArray(written) ? texts.map(literal) : literal(written);
  for (const key of ['threshold', 'weight'] as const)
    if (read[key] !== undefined)
      source.note(
        'skipped',
        `${key} of assertion '${type}'`,
        'Promptgrid checks pass or fail; they carry no ' + key + '.',
        where,
      );
  // promptfoo's `metric` names what an assertion measures: the check's name (Promptgrid's own export writes it so).
  const metric = read.metric === undefined ? null : literalText(read.metric);
  const add = (check: Omit<PlannedCheck, 'inputs' | 'ai_model_id'> & { ai_model_id?: number | null }) =>
    context.checks.add({ ai_model_id: null, ...check, ...(metric === null ? {} : { name: metric }), inputs });
  const text = shaped(z.string(), value);
  const list = shaped(z.array(z.string()), value);
  if (shaped(z.string(), written)?.startsWith('file://')) {
    source.note('skipped', `assertion '${type}'`, 'Its value is in a file; write it into the config.', where);
    return;
  }
  switch (type) {
    case 'equals':
      if (text === null) break;
      setExpected(text);
      return add({ name: 'Equals the expected output', type: 'equals_expected', value: 'exact' });
    case 'contains':
      if (text === null) break;
      return add({ name: `Contains ${quoted(text)}`, type: 'contains', value: text });
    case 'icontains':
      if (text === null) break;
      return add({ name: `Contains ${quoted(text)} (any case)`, type: 'regex', value: caseInsensitiveRegex(text) });
    case 'not-contains':
      if (text === null) break;
      return add({ name: `Does not contain ${quoted(text)}`, type: 'not_contains', value: text });
    case 'not-icontains':
      if (text === null) break;
      // A pattern cannot say "does not match" to the linear-time regex engine, so the case-sensitive check it is.
      source.note(
        'changed',
        `assertion 'not-icontains'`,
        `Carried over as "Does not contain text", which compares case: an output with ${quoted(text)} in another case passes.`,
        where,
      );
      return add({ name: `Does not contain ${quoted(text)}`, type: 'not_contains', value: text });
    case 'contains-any':
      if (list === null) break;
      return add({
        name: `Contains any of ${list.map((t) => quoted(t, 20)).join(', ')}`,
        type: 'regex',
        value: list.map(escapeRegex).join('|'),
      });
    case 'contains-all':
      if (list === null) break;
      for (const t of list) add({ name: `Contains ${quoted(t)}`, type: 'contains', value: t });
      return;
    case 'starts-with':
      if (text === null) break;
      return add({ name: `Starts with ${quoted(text)}`, type: 'regex', value: `^${escapeRegex(text)}` });
    case 'regex': {
      if (text === null) break;
      const error = regexError(text);
      if (error) return source.note('skipped', `regex assertion /${text}/`, error, where);
      return add({ name: `Matches /${text.slice(0, 40)}/`, type: 'regex', value: text });
    }
    case 'is-json':
      if (value === undefined) return add({ name: 'Is valid JSON', type: 'is_json', value: '' });
      {
        const schema = text === null ? value : schemaOf(text);
        if (!isMapping(schema)) break;
        return add({ name: 'Matches its JSON Schema', type: 'json_schema', value: JSON.stringify(schema) });
      }
    case 'javascript': {
      const match = text === null ? null : LENGTH_CHECK.exec(text);
      if (!match)
        return source.note(
          'skipped',
          `assertion 'javascript'`,
          'Code is never run; only a plain output.length comparison is carried over.',
          where,
        );
      const limit = Number(match[2]) - (match[1] === '<' ? 1 : 0);
      return add({ name: `At most ${limit} characters`, type: 'max_chars', value: String(limit) });
    }
    case 'llm-rubric':
    case 'model-graded-closedqa': {
      if (text === null) break;
      const judge = judgeOf(read.provider ?? null, context, source, where);
      if (!judge) return;
      const rubric = type === 'llm-rubric' ? text : `Does the output meet this criterion? ${text}`;
      return add({ name: `Judge: ${quoted(text)}`, type: 'llm_judge', value: rubric, ai_model_id: judge.id });
    }
    default:
      return source.note('skipped', `assertion type '${type}'`, 'Promptgrid has no check of this kind.', where);
  }
  source.note('skipped', `assertion '${type}'`, 'Its value has a shape this assertion does not take.', where);
}

/** A JSON Schema written as JSON text (promptfoo reads the text as YAML; the export writes JSON); null if it is not. */
function schemaOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The judge of an llm-rubric: the assertion's own provider, defaultTest's, or the first configuration's model. */
function judgeOf(id: string | null, context: AssertionContext, source: ImportSource, where: Where): ModelChoice | null {
  if (id === null) {
    if (!context.judge)
      source.note('skipped', 'judge assertion', 'No grader model is given and no provider was imported.', where);
    return context.judge;
  }
  const found = modelOfProviderId(id, context.models, null);
  if ('model' in found) return found.model;
  source.note('changed', `grader '${id}'`, `${found.why} The first configuration's model judges instead.`, where);
  return context.judge;
}
