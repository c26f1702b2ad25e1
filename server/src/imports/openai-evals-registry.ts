// A classic OpenAI Evals registry eval (its YAML and samples JSONL) as a project: the samples as conversations, the
// eval class as checks over each sample's ideal answers.
import { z } from 'zod';
import { badRequest } from '../http/errors.js';
import { evalsAlias, evalsSpec, isMapping, mapping, modelGradedSpec, shaped, textList } from './formats.js';
import {
  defaultModel,
  evalConfiguration,
  evalsPlan,
  findUpload,
  inputOfSample,
  readJsonl,
  systemPromptOf,
  textOf,
} from './openai-evals.js';
import {
  PlannedChecks,
  caseInsensitiveRegex,
  escapeRegex,
  type ImportPlan,
  type ModelChoice,
  type PlannedCheck,
} from './plan.js';
import { quoted } from './quoted.js';
import type { ImportSource, Path } from './source.js';

const MATCH = 'evals.elsuite.basic.match:Match';
const INCLUDES = 'evals.elsuite.basic.includes:Includes';
const FUZZY_MATCH = 'evals.elsuite.basic.fuzzy_match:FuzzyMatch';
const BASIC_CLASSES = [MATCH, INCLUDES, FUZZY_MATCH];
const MODEL_GRADED = 'evals.elsuite.modelgraded.classify:ModelBasedClassify';

type Where = { file: string; path: Path };

/** The eval a registry file defines: the first name whose `id` points at a spec with a class, else the first spec. */
function evalOf(registry: Record<string, unknown>): { name: string; spec: string } | null {
  for (const [name, entry] of Object.entries(registry)) {
    const alias = shaped(evalsAlias, entry);
    if (alias !== null && isMapping(registry[alias.id])) return { name, spec: alias.id };
  }
  const spec = Object.keys(registry).find((key) => shaped(evalsSpec, registry[key]) !== null);
  return spec === undefined ? null : { name: spec.split('.')[0] ?? spec, spec };
}

const idealsOf = (ideal: unknown): string[] =>
  shaped(z.union([z.string().transform((text) => [text]), textList]), ideal) ?? [];

const orList = (ideals: string[]) => ideals.map((ideal) => quoted(ideal, 30)).join(' or ');

/** The check a basic eval class makes of one sample's ideal answers; null for a class Promptgrid cannot check. */
function basicCheck(className: string, ideals: string[], ignoreCase: boolean): Omit<PlannedCheck, 'inputs'> | null {
  const pattern = (ideal: string) => (ignoreCase ? caseInsensitiveRegex(ideal) : escapeRegex(ideal));
  switch (className) {
    case MATCH:
      return {
        name: `Starts with ${orList(ideals)}`,
        type: 'regex',
        value: `^(?:${ideals.map(pattern).join('|')})`,
        ai_model_id: null,
      };
    case INCLUDES:
      // One ideal is the input's expected output, so one check serves every such sample.
      return ideals.length === 1 && !ignoreCase
        ? { name: 'Contains the ideal answer', type: 'contains_expected', value: '', ai_model_id: null }
        : {
            name: `Contains ${orList(ideals)}`,
            type: 'regex',
            value: ideals.map(pattern).join('|'),
            ai_model_id: null,
          };
    case FUZZY_MATCH:
      return {
        name: `Contains ${orList(ideals)} (any case)`,
        type: 'regex',
        value: ideals.map(caseInsensitiveRegex).join('|'),
        ai_model_id: null,
      };
    default:
      return null;
  }
}

/** The rubric of a model-graded eval: its spec's prompt when the spec's YAML was uploaded. */
function judgeRubric(specName: string, source: ImportSource, where: Where): string {
  for (const file of source.files.keys()) {
    if (!/\.ya?ml$/i.test(file)) continue;
    const spec = shaped(modelGradedSpec, shaped(mapping, source.yaml(file, { file, path: [] })?.value)?.[specName]);
    if (spec === null) continue;
    const choices = Array.isArray(spec.choice_strings) ? spec.choice_strings.join(', ') : textOf(spec.choice_strings);
    const scores = spec.choice_scores ?? {};
    const best = Object.entries(scores)
      .filter(([, score]) => score === Math.max(...Object.values(scores).map(Number)))
      .map(([choice]) => choice);
    source.note(
      'changed',
      `model-graded spec '${specName}'`,
      'Its prompt is the judge rubric; its {placeholders} read the input, the expected output and the output the judge is shown.',
      { file, path: [specName] },
    );
    return `${spec.prompt}\n\nChoices: ${choices}.${best.length > 0 ? ` The output passes when the choice is ${best.join(' or ')}.` : ''}`;
  }
  source.note(
    'changed',
    `model-graded spec '${specName}'`,
    'Its YAML (registry/modelgraded) was not uploaded; the judge asks whether the output is correct given the ideal ' +
      "answer. Upload the spec's YAML for its own prompt.",
    where,
  );
  return 'Is the output a correct answer to the conversation, consistent with the expected output?';
}

export function planRegistryEval(source: ImportSource, file: string, models: ModelChoice[]): ImportPlan {
  const registry = shaped(mapping, source.yaml(file, { file, path: [] })?.value);
  const found = registry === null ? null : evalOf(registry);
  const spec = found === null ? null : shaped(evalsSpec, registry![found.spec]);
  if (registry === null || found === null || spec === null)
    throw badRequest({ files: [`${file}: no eval with a class is defined in it.`] });
  const where: Where = { file, path: [found.spec] };
  for (const other of Object.keys(registry).filter((key) => key !== found.name && key !== found.spec))
    source.note('skipped', `eval '${other}'`, 'One eval is imported at a time; upload its own registry file.', {
      file,
      path: [other],
    });
  const args = spec.args ?? {};
  const samplesName = args.samples_jsonl ?? null;
  const samplesFile = samplesName === null ? null : findUpload(source, samplesName);
  if (samplesFile === null)
    throw badRequest({
      files: [`${file}: upload the samples file ${samplesName ?? '(args.samples_jsonl)'} with the registry YAML.`],
    });
  const samples = readJsonl(source.files.get(samplesFile)!, samplesFile);
  const inputs = samples.map(({ value }) => inputOfSample(value));
  const model = defaultModel(models);
  const className = String(spec.class);
  const checks = new PlannedChecks();
  if (className === MODEL_GRADED) {
    const specName = args.modelgraded_spec ?? 'fact';
    if (args.eval_type !== undefined && args.eval_type !== 'classify')
      source.note(
        'changed',
        `eval_type '${args.eval_type}'`,
        'The judge gives its reasons with its verdict either way.',
        where,
      );
    checks.add({
      name: `Judge: ${specName}`,
      type: 'llm_judge',
      value: judgeRubric(specName, source, where),
      ai_model_id: model.id,
      inputs: null,
    });
  } else if (!BASIC_CLASSES.includes(className)) {
    source.note(
      'skipped',
      `eval class '${className}'`,
      'Promptgrid checks Match, Includes, FuzzyMatch and model-graded classification evals.',
      where,
    );
  } else {
    if (className === FUZZY_MATCH)
      source.note(
        'changed',
        `eval class '${className}'`,
        'FuzzyMatch also passes when the output is part of an ideal answer, and ignores punctuation and articles; ' +
          'the check asks that the output contain an ideal answer, in any case.',
        where,
      );
    samples.forEach(({ value }, index) => {
      const ideals = idealsOf(value.ideal);
      const check = ideals.length === 0 ? null : basicCheck(className, ideals, args.ignore_case === true);
      if (check === null)
        source.items.push({
          kind: 'skipped',
          what: `sample ${index + 1}`,
          why: 'It has no ideal answer to check.',
          file: samplesFile,
          line: samples[index]!.line,
        });
      else checks.add({ ...check, inputs: [index] });
    });
  }
  for (const key of Object.keys(args).filter(
    (k) => !['samples_jsonl', 'modelgraded_spec', 'eval_type', 'ignore_case'].includes(k),
  ))
    source.note('skipped', `argument '${key}'`, 'Promptgrid has no equivalent setting.', {
      file,
      path: [found.spec, 'args', key],
    });
  return evalsPlan(
    {
      project_name: found.name.slice(0, 200),
      description: `Imported from the OpenAI Evals registry eval ${found.name} (${file}).`,
      configurations: [evalConfiguration(found.name, systemPromptOf(inputs), model, source, where)],
      inputs,
      checks: checks.list(),
    },
    source,
  );
}
