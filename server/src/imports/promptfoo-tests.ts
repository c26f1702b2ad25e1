// promptfoo's tests (inline, CSV and YAML/JSON test files) as Promptgrid's inputs, with variables and expected outputs.
import Papa from 'papaparse';
import { z } from 'zod';
import { LIMITS } from '@promptgrid/contract';
import { badRequest } from '../http/errors.js';
import { isMapping, keysLeftOut, promptfooTest, shaped, type PromptfooConfig } from './formats.js';
import type { PlannedInput } from './plan.js';
import { addAssertion, type AssertionContext, type Where } from './promptfoo-assertions.js';
import { decodedValue, literalText, noteActive } from './promptfoo-inert.js';
import type { ImportSource } from './source.js';

/** Variables whose value is the input's content, when a test has one; otherwise its first variable. */
export const CONTENT_VARIABLES = ['input', 'question', 'prompt', 'query', 'text', 'message'];

/** The special columns of a promptfoo CSV test file: __expected (with an optional `type:` prefix) and __description. */
function testFromCsvRow(row: Record<string, string>): Record<string, unknown> {
  const vars: Record<string, string> = {};
  const assert: Record<string, unknown>[] = [];
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
  const reference = shaped(z.string(), entry);
  if (reference === null) return [{ test: entry, where }];
  const named = reference.replace(/^file:\/\//, '');
  const names = reference.includes('*') ? source.glob(named) : [named];
  if (names.length === 0) source.note('skipped', `tests ${reference}`, 'No uploaded file matches it.', where);
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
  config: PromptfooConfig,
  file: string,
  source: ImportSource,
  context: AssertionContext,
): PlannedInput[] {
  const defaults = config.defaultTest ?? {};
  const defaultVars = defaults.vars ?? {};
  const entries = Array.isArray(config.tests) ? config.tests : config.tests === undefined ? [] : [config.tests];
  const inputs: PlannedInput[] = [];
  entries.forEach((entry, index) => {
    for (const { test, where } of testsOf(entry, source, { file, path: ['tests', index] })) {
      if (!isMapping(test)) {
        source.note('skipped', 'test', 'A test is an object with vars and assert.', where);
        continue;
      }
      const read = promptfooTest.parse(test);
      const vars = { ...defaultVars, ...read.vars };
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
      const name = read.description === undefined ? `Test ${inputs.length + 1}` : literalText(read.description);
      const input: PlannedInput = {
        name: name.slice(0, 200),
        content: content || name,
        variables,
        expected_output: null,
      };
      for (const key of keysLeftOut(promptfooTest, test))
        source.note('skipped', `test key '${key}'`, 'Promptgrid inputs have no such setting.', where);
      if (inputs.length === LIMITS.importMaxRows)
        throw badRequest({
          files: [`At most ${LIMITS.importMaxRows} tests can be imported at once.`],
        });
      const at = inputs.push(input) - 1;
      (read.assert ?? []).forEach((assertion, n) =>
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
  (defaults.assert ?? []).forEach((assertion, n) =>
    addAssertion(assertion, null, context, source, { file, path: ['defaultTest', 'assert', n] }, (value) => {
      for (const input of inputs) input.expected_output ??= value;
    }),
  );
  return inputs;
}
