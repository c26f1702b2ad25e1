// OpenAI Evals as a Promptgrid project: what both of its formats share (samples as conversations, the model under
// test, the JSONL data file) and which format the uploaded files are in.
import { z } from 'zod';
import { LIMITS } from '@promptgrid/contract';
import { evalsSpec, hostedEval, mapping, shaped } from './formats.js';
import { badRequest } from '../http/errors.js';
import { fromChatSample, nameFromContent } from '../inputs/file-import.js';
import { normaliseName } from './files.js';
import type { ImportPlan, ModelChoice, PlannedConfiguration, PlannedInput, PlannedMessage } from './plan.js';
import { STAND_IN_SYSTEM_PROMPT } from './promptfoo.js';
import type { ImportSource } from './source.js';

/** A JSON value as text: a string as it is, anything else as JSON. */
export const textOf = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value ?? ''));

/** Where an eval is among the uploads: a registry YAML (classic `evals` repository) or a hosted eval object (JSON). */
export type EvalsFile = { kind: 'registry' | 'hosted'; file: string };

/** The OpenAI Evals file among the uploads, or null when there is none. Parses only YAML and JSON files. */
export function findOpenAiEvals(source: ImportSource): EvalsFile | null {
  for (const file of [...source.files.keys()].sort()) {
    if (!/\.(ya?ml|json)$/i.test(file)) continue;
    const value = shaped(mapping, source.yaml(file, { file, path: [] })?.value);
    if (value === null) continue;
    if (shaped(hostedEval, value) !== null) return { kind: 'hosted', file };
    if (Object.values(value).some((entry) => shaped(evalsSpec, entry) !== null)) return { kind: 'registry', file };
  }
  return null;
}

/** One JSONL line's object, with its line number. */
export type JsonlRow = { line: number; value: Record<string, unknown> };

/**
 * A JSONL data file's objects; a line that is not a JSON object, or more lines than the inputs import takes, answer
 * 400 naming the file and the line or limit.
 */
export function readJsonl(text: string, file: string): JsonlRow[] {
  const rows: JsonlRow[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (error) {
      throw badRequest({ files: [`${file} line ${index + 1}: not valid JSON (${(error as Error).message}).`] });
    }
    const value = shaped(mapping, parsed);
    if (value === null) throw badRequest({ files: [`${file} line ${index + 1}: each line must be a JSON object.`] });
    if (rows.length === LIMITS.importMaxRows)
      throw badRequest({
        files: [`${file}: at most ${LIMITS.importMaxRows} samples can be imported at once.`],
      });
    rows.push({ line: index + 1, value });
  });
  return rows;
}

/**
 * The uploaded file a path names: as it is, else the one upload of the same file name (a registry names samples
 * relative to its data folder, which users rarely upload whole).
 */
export function findUpload(source: ImportSource, name: string): string | null {
  const normal = normaliseName(name);
  if (normal === null) return null;
  if (source.files.has(normal)) return normal;
  const base = normal.split('/').pop()!;
  const same = [...source.files.keys()].filter((file) => file === base || file.endsWith(`/${base}`));
  return same.length === 1 ? same[0]! : null;
}

/** The model a configuration (and a judge) runs on when the eval names none: OpenAI's small model when listed. */
export function defaultModel(models: ModelChoice[]): ModelChoice {
  const model =
    models.find((m) => m.company === 'openai' && m.model_name === 'gpt-4.1-mini') ??
    models.find((m) => m.company === 'openai') ??
    models[0];
  if (!model) throw badRequest({ files: ['No model is listed to run the eval on: add one in API Configuration.'] });
  return model;
}

export const modelLabel = (model: ModelChoice) => `${model.company} - ${model.model_name}`;

/**
 * A sample (`{"input": [chat] | "text", "ideal": ...}`) as a user prompt, read as the JSONL input import reads it: the
 * chat's user and assistant turns a conversation, its system turns the variable `system`, the first ideal the
 * expected output.
 */
export function inputOfSample(sample: Record<string, unknown>): PlannedInput {
  const text = shaped(z.string(), sample.input);
  const chat = text === null ? sample : { ...sample, input: [{ role: 'user', content: text }] };
  const read = fromChatSample(chat) as {
    messages?: PlannedMessage[];
    variables?: Record<string, string>;
    expected_output?: unknown;
  };
  const messages = Array.isArray(read.messages) ? read.messages : [];
  const lastUser = [...messages].reverse().find((m) => m.role === 'user')?.content;
  const content = lastUser ?? '';
  return {
    name: nameFromContent(content) || 'Sample',
    content,
    variables: read.variables ?? {},
    expected_output: shaped(z.string(), read.expected_output),
    messages,
  };
}

/**
 * The configuration's system prompt: the samples' shared system turns (taken off the inputs), else `{{system}}`, so
 * each input sends its own.
 */
export function systemPromptOf(inputs: PlannedInput[]): string {
  const systems = new Set(inputs.map((input) => input.variables.system ?? ''));
  if (systems.size !== 1) return '{{system}}';
  const [shared = ''] = systems;
  for (const input of inputs) delete input.variables.system;
  return shared || STAND_IN_SYSTEM_PROMPT;
}

/** The one configuration of an eval, on the default model, and the report line that says which model that is. */
export function evalConfiguration(
  name: string,
  systemPrompt: string,
  model: ModelChoice,
  source: ImportSource,
  where: { file: string; path: (string | number)[] },
): PlannedConfiguration {
  source.note(
    'changed',
    'model under test',
    `The eval does not name the model it runs; the configuration runs on ${modelLabel(model)}: pick another in the configuration.`,
    where,
  );
  return {
    name: name.slice(0, 200),
    prompt_content: systemPrompt,
    user_template: null,
    messages: [],
    ai_model_id: model.id,
    model: modelLabel(model),
    temperature: null,
    max_tokens: null,
    json_mode: false,
  };
}

export type EvalsPlan = Omit<ImportPlan, 'format' | 'items'>;

export function evalsPlan(plan: EvalsPlan, source: ImportSource): ImportPlan {
  return { ...plan, format: 'openai_evals', items: source.items };
}
