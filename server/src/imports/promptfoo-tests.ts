// promptfoo's tests and assertions, as Promptgrid's inputs (with variables and expected outputs) and checks.
import Papa from 'papaparse';
import { LIMITS, regexError } from '@promptgrid/contract';
import { badRequest } from '../http/errors.js';
import {
  caseInsensitiveRegex,
  escapeRegex,
  type ModelChoice,
  type PlannedCheck,
  type PlannedChecks,
  type PlannedInput,
} from './plan.js';
import { quoted } from './quoted.js';
import { decodedValue, literalText, noteActive } from './promptfoo-inert.js';
import { modelOfProviderId } from './promptfoo-prompts.js';
import type { ImportSource, Path } from './source.js';

type Where = { file: string; path: Path };
type Assertion = Record<string, unknown>;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Variables whose value is the input's content, when a test has one; otherwise its first variable. */
export const CONTENT_VARIABLES = ['input', 'question', 'prompt', 'query', 'text', 'message'];

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
function addAssertion(
  assertion: unknown,
  inputs: number[] | null,
  context: AssertionContext,
  source: ImportSource,
  where: Where,
  setExpected: (value: string) => void,
) {
  if (!isRecord(assertion) || typeof assertion.type !== 'string') {
    source.note('skipped', 'assertion', 'An assertion needs a type.', where);
    return;
  }
  const { type, value: written } = assertion as Assertion & { type: string };
  // promptfoo renders an assertion's texts: what it would run is reported, the export's literal braces read back.
  const texts: unknown[] = Array.isArray(written) ? written : [written];
  for (const text of texts) if (typeof text === 'string') noteActive(source, text, `assertion '${type}'`, where);
  const read = (v: unknown): unknown => (typeof v === 'string' ? literalText(v) : v);
  const value = Array.isArray(written) ? texts.map(read) : read(written);
  for (const key of ['threshold', 'weight'] as const)
    if (assertion[key] !== undefined)
      source.note(
        'skipped',
        `${key} of assertion '${type}'`,
        'Promptgrid checks pass or fail; they carry no ' + key + '.',
        where,
      );
  // promptfoo's `metric` names what an assertion measures: the check's name (Promptgrid's own export writes it so).
  const metric =
    typeof assertion.metric === 'string' && assertion.metric.trim() !== '' ? literalText(assertion.metric) : null;
  const add = (check: Omit<PlannedCheck, 'inputs' | 'ai_model_id'> & { ai_model_id?: number | null }) =>
    context.checks.add({ ai_model_id: null, ...check, ...(metric === null ? {} : { name: metric }), inputs });
  const text = typeof value === 'string' ? value : null;
  const list = Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null;
  if (typeof written === 'string' && written.startsWith('file://')) {
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
        if (!isRecord(schema)) break;
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
      const judge = judgeOf(assertion.provider, context, source, where);
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
function judgeOf(provider: unknown, context: AssertionContext, source: ImportSource, where: Where): ModelChoice | null {
  const id =
    typeof provider === 'string'
      ? provider
      : isRecord(provider) && typeof provider.id === 'string'
        ? provider.id
        : null;
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

/** The special columns of a promptfoo CSV test file: __expected (with an optional `type:` prefix) and __description. */
function testFromCsvRow(row: Record<string, string>): Record<string, unknown> {
  const vars: Record<string, string> = {};
  const assert: Assertion[] = [];
  let description: string | undefined;
  for (const [column, cell] of Object.entries(row)) {
    if (/^__expected\d*$/.test(column)) {
      if (cell.trim() === '') continue;
      const typed =
        /^(contains|icontains|not-contains|not-icontains|regex|starts-with|equals|javascript|grader|llm-rubric|is-json|contains-json)\s*:\s*([\s\S]*)$/.exec(
          cell,
        );
      const type = typed?.[1] === 'grader' ? 'llm-rubric' : (typed?.[1] ?? 'equals');
      assert.push(type === 'is-json' && typed?.[2]?.trim() === '' ? { type } : { type, value: typed?.[2] ?? cell });
    } else if (column === '__description') description = cell;
    else if (!column.startsWith('__')) vars[column] = cell;
  }
  return { vars, assert, description };
}

/** Tests from one `tests:` entry: a test object, or a file (CSV, or YAML/JSON holding a list of tests). */
function testsOf(entry: unknown, source: ImportSource, where: Where): { test: unknown; where: Where }[] {
  if (typeof entry !== 'string') return [{ test: entry, where }];
  const names = entry.includes('*') ? source.glob(entry.replace(/^file:\/\//, '')) : [entry.replace(/^file:\/\//, '')];
  if (names.length === 0) source.note('skipped', `tests ${entry}`, 'No uploaded file matches it.', where);
  return names.flatMap((name) => {
    if (/\.csv$/i.test(name)) {
      const file = source.text(name, where);
      if (!file) return [];
      const parsed = Papa.parse<Record<string, string>>(file.text, { header: true, skipEmptyLines: true });
      return parsed.data.map((row, index) => ({ test: testFromCsvRow(row), where: { file: name, path: [index] } }));
    }
    const read = source.yaml(name, where);
    if (!read) return [];
    const list: unknown[] = Array.isArray(read.value) ? read.value : [read.value];
    return list.map((test, index) => ({ test, where: { file: name, path: Array.isArray(read.value) ? [index] : [] } }));
  });
}

const stringOf = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** `tests:` with `defaultTest:` merged in: the inputs, and the checks their assertions make. */
export function readTests(
  config: Record<string, unknown>,
  file: string,
  source: ImportSource,
  context: AssertionContext,
): PlannedInput[] {
  const defaults = isRecord(config.defaultTest) ? config.defaultTest : {};
  const defaultVars = isRecord(defaults.vars) ? defaults.vars : {};
  const entries = Array.isArray(config.tests) ? config.tests : config.tests === undefined ? [] : [config.tests];
  const inputs: PlannedInput[] = [];
  entries.forEach((entry, index) => {
    for (const { test, where } of testsOf(entry, source, { file, path: ['tests', index] })) {
      if (!isRecord(test)) {
        source.note('skipped', 'test', 'A test is an object with vars and assert.', where);
        continue;
      }
      const vars = { ...defaultVars, ...(isRecord(test.vars) ? test.vars : {}) };
      const variables = Object.fromEntries(
        Object.entries(vars).map(([name, value]) => {
          const text = stringOf(value);
          // A value the prompts' places decode was written inert by the export; any other promptfoo may run.
          if (context.encoded.has(name)) return [name, decodedValue(text)];
          noteActive(source, text, `variable '${name}'`, where);
          return [name, text];
        }),
      );
      const contentName = CONTENT_VARIABLES.find((name) => name in variables) ?? Object.keys(variables)[0];
      // `{{input}}` in a user template is the input's content: a variable of that name would only shadow it.
      const content = contentName === undefined ? '' : (variables[contentName] ?? '');
      if (contentName === 'input') delete variables.input;
      const name =
        typeof test.description === 'string' && test.description.trim() !== ''
          ? literalText(test.description)
          : `Test ${inputs.length + 1}`;
      const input: PlannedInput = {
        name: name.slice(0, 200),
        content: content || name,
        variables,
        expected_output: null,
      };
      for (const key of Object.keys(test).filter((k) => !['vars', 'assert', 'description'].includes(k)))
        source.note('skipped', `test key '${key}'`, 'Promptgrid inputs have no such setting.', where);
      if (inputs.length === LIMITS.importMaxRows)
        throw badRequest({
          files: [`At most ${LIMITS.importMaxRows} tests can be imported at once.`],
        });
      const at = inputs.push(input) - 1;
      const asserts = Array.isArray(test.assert) ? test.assert : [];
      asserts.forEach((assertion, n) =>
        addAssertion(
          assertion,
          [at],
          context,
          source,
          { file: where.file, path: [...where.path, 'assert', n] },
          (value) => {
            if (input.expected_output !== null && input.expected_output !== value)
              source.note(
                'skipped',
                `second equals of test '${name}'`,
                'An input has one expected output; the first is kept.',
                where,
              );
            else input.expected_output = value;
          },
        ),
      );
    }
  });
  const defaultAsserts = Array.isArray(defaults.assert) ? defaults.assert : [];
  defaultAsserts.forEach((assertion, n) =>
    addAssertion(assertion, null, context, source, { file, path: ['defaultTest', 'assert', n] }, (value) => {
      for (const input of inputs) input.expected_output ??= value;
    }),
  );
  return inputs;
}
