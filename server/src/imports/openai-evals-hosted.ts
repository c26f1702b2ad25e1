// A hosted OpenAI Evals eval object (its JSON as the API returns it) and its data file as a project: each data row's
// `item` an input, each testing criterion a check.
import { z } from 'zod';
import { badRequest } from '../http/errors.js';
import { hostedCriterion, hostedEval, isMapping, shaped } from './formats.js';
import { nameFromContent } from '../inputs/file-import.js';
import {
  defaultModel,
  evalConfiguration,
  evalsPlan,
  inputOfSample,
  readJsonl,
  systemPromptOf,
  textOf,
  type JsonlRow,
} from './openai-evals.js';
import {
  PlannedChecks,
  caseInsensitiveRegex,
  escapeRegex,
  type ImportPlan,
  type ModelChoice,
  type PlannedCheck,
  type PlannedInput,
} from './plan.js';
import { quoted } from './quoted.js';
import { asVariables, runConfiguration } from './openai-evals-run.js';
import { CONTENT_VARIABLES } from './promptfoo-tests.js';
import type { ImportSource } from './source.js';

const OUTPUT = /^\s*\{\{\s*sample\.output_text\s*\}\}\s*$/;
const ITEM_FIELD = /^\s*\{\{\s*item\.([\w.-]+)\s*\}\}\s*$/;

/** Longer references would make a pattern longer than the regex check's repetition limit allows. */
const NOT_EQUAL_MAX_LENGTH = 200;

/**
 * A pattern matching every text but `text`, without the lookahead the linear-time regex engine refuses: a text of
 * another length, or one that differs from it at some position.
 */
function notEqualRegex(text: string): string {
  const chars = [...text];
  const n = chars.length;
  if (n === 0) return '[\\s\\S]';
  const inClass = (char: string) => (/[\]\\^-]/.test(char) ? `\\${char}` : char);
  const differing = chars.map((char, i) => `[\\s\\S]{${i}}[^${inClass(char)}][\\s\\S]{${n - i - 1}}`);
  return `^(?:[\\s\\S]{0,${n - 1}}|[\\s\\S]{${n + 1},}|${differing.join('|')})$`;
}

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A data row's `item` as an input: its fields as variables, and a chat `input` as a conversation. */
function inputOfItem(item: Record<string, unknown>): PlannedInput {
  const { input, ...fields } = item;
  const variables = Object.fromEntries(
    Object.entries(Array.isArray(input) ? fields : item).map(([key, value]) => [key, textOf(value)]),
  );
  if (Array.isArray(input)) {
    const conversation = inputOfSample({ input });
    return { ...conversation, variables: { ...variables, ...conversation.variables } };
  }
  const contentName = CONTENT_VARIABLES.find((name) => name in variables) ?? Object.keys(variables)[0];
  const content = contentName === undefined ? '' : (variables[contentName] ?? '');
  // `{{input}}` in a user template is the input's content: a variable of that name would only shadow it.
  if (contentName === 'input') delete variables.input;
  return { name: nameFromContent(content) || 'Item', content, variables, expected_output: null };
}

/** The data rows: the uploaded JSONL whose lines hold `item`, else the only JSONL file. */
function readData(source: ImportSource): { file: string; rows: JsonlRow[] } {
  const jsonl = [...source.files.keys()].filter((file) => /\.jsonl$/i.test(file)).sort();
  for (const file of jsonl) {
    const rows = readJsonl(source.files.get(file)!, file);
    if (rows.some((row) => isMapping(row.value.item)) || jsonl.length === 1) return { file, rows };
  }
  throw badRequest({
    files: ['Upload the eval’s data file (JSONL, one {"item": {...}} per line) with the eval JSON.'],
  });
}

export function planHostedEval(source: ImportSource, file: string, models: ModelChoice[]): ImportPlan {
  // findOpenAiEvals found this file by this schema.
  const evalObject = hostedEval.parse(source.yaml(file, { file, path: [] })?.value);
  const data = readData(source);
  const inputs = data.rows.map(({ value }) => inputOfItem(isMapping(value.item) ? value.item : value));
  const model = defaultModel(models);
  const checks = new PlannedChecks();
  const criteria = evalObject.testing_criteria
    .map((criterion) => shaped(hostedCriterion, criterion))
    .filter((criterion) => criterion !== null);
  // An input has one expected output: the first item field a criterion compares with.
  let expectedField: string | null = null;
  const judgeOf = (id: unknown, where: { file: string; path: (string | number)[] }) => {
    const named = models.find((m) => m.model_name === shaped(z.string(), id));
    if (named) return named;
    source.note(
      'changed',
      `grader model '${textOf(id)}'`,
      `Promptgrid's model list has no such model; ${model.model_name} judges instead.`,
      where,
    );
    return model;
  };
  criteria.forEach((criterion, index) => {
    const where = { file, path: ['testing_criteria', index] };
    const label = `${textOf(criterion.type)} '${textOf(criterion.name ?? index + 1)}'`;
    const skip = (why: string) => source.note('skipped', label, why, where);
    const add = (check: Omit<PlannedCheck, 'inputs' | 'ai_model_id'> & { ai_model_id?: number | null }) =>
      checks.add({
        ai_model_id: null,
        inputs: null,
        ...check,
        name: (shaped(z.string(), criterion.name) ?? check.name).slice(0, 200),
      });
    switch (criterion.type) {
      case 'string_check': {
        const [input, reference, operation] = [
          textOf(criterion.input),
          textOf(criterion.reference),
          criterion.operation,
        ];
        if (!OUTPUT.test(input)) return skip('Promptgrid checks the output; this compares another field.');
        const field = ITEM_FIELD.exec(reference)?.[1] ?? null;
        if (field !== null && expectedField !== null && field !== expectedField)
          return skip(`An input has one expected output, already item.${expectedField}.`);
        if (field !== null) expectedField = field;
        if (field !== null && operation === 'eq')
          return add({ name: 'Equals the expected output', type: 'equals_expected', value: 'exact' });
        if (field !== null && (operation === 'like' || operation === 'ilike')) {
          if (operation === 'ilike')
            source.note(
              'changed',
              label,
              'It ignores case; the check compares the expected output case by case.',
              where,
            );
          return add({ name: 'Contains the expected output', type: 'contains_expected', value: '' });
        }
        if (field !== null) return skip(`Promptgrid has no check that the output differs from the expected output.`);
        if (reference.includes('{{')) return skip('Its reference is a template Promptgrid cannot read.');
        if (operation === 'eq')
          return add({ name: `Equals ${quoted(reference)}`, type: 'regex', value: `^${escapeRegex(reference)}$` });
        if (operation === 'ne' && [...reference].length <= NOT_EQUAL_MAX_LENGTH)
          return add({ name: `Is not ${quoted(reference)}`, type: 'regex', value: notEqualRegex(reference) });
        if (operation === 'like')
          return add({ name: `Contains ${quoted(reference)}`, type: 'contains', value: reference });
        if (operation === 'ilike')
          return add({
            name: `Contains ${quoted(reference)} (any case)`,
            type: 'regex',
            value: caseInsensitiveRegex(reference),
          });
        return skip(`Its operation '${textOf(operation)}' is not eq, ne, like or ilike.`);
      }
      case 'text_similarity':
        return skip('Promptgrid has no similarity-score check; the expected output is shown beside each answer.');
      case 'label_model':
      case 'score_model': {
        const turns = listOf(criterion.input).filter(isMapping);
        const prompt = turns.map((turn) => asVariables(textOf(turn.content))).join('\n\n');
        const passing =
          criterion.type === 'label_model'
            ? `The output passes when the label is ${listOf(criterion.passing_labels).map(textOf).join(' or ')}.`
            : `The output passes when its score is at least ${textOf(criterion.pass_threshold ?? 'the middle of the range')}.`;
        source.note('changed', label, 'It became a judge rubric: its prompt, and what passes.', where);
        return add({
          name: `Judge: ${quoted(prompt)}`,
          type: 'llm_judge',
          value: `${prompt}\n\n${passing}`,
          ai_model_id: judgeOf(criterion.model, where).id,
        });
      }
      default:
        return skip('Promptgrid checks string_check, label_model and score_model criteria.');
    }
  });
  if (expectedField !== null)
    for (const input of inputs) input.expected_output = input.variables[expectedField] ?? input.expected_output;
  const name = evalObject.name ?? 'Imported from OpenAI Evals';
  return evalsPlan(
    {
      project_name: name.slice(0, 200),
      description: `Imported from the OpenAI eval ${textOf(evalObject.id ?? file)} (${file}, ${data.file}).`,
      configurations: [
        runConfiguration(source, name, models, model) ??
          evalConfiguration(name, systemPromptOf(inputs), model, source, { file, path: [] }),
      ],
      inputs,
      checks: checks.list(),
    },
    source,
  );
}
