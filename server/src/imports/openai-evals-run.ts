// A hosted eval's run object (uploaded beside the eval): the prompt template and the model the eval was run with,
// which the eval object itself does not hold.
import { evalsRun, evalsRunTurn, shaped } from './formats.js';
import { modelLabel } from './openai-evals.js';
import type { ModelChoice, PlannedConfiguration, PlannedMessage } from './plan.js';
import { STAND_IN_SYSTEM_PROMPT } from './promptfoo.js';
import type { ImportSource } from './source.js';

/** `{{item.x}}` as the variable `{{x}}`; `{{sample.output_text}}` (a grader's) as the output the judge is shown. */
export const asVariables = (template: string) =>
  template
    .replace(/\{\{\s*item\.([\w.-]+)\s*\}\}/g, '{{$1}}')
    .replace(/\{\{\s*sample\.output_text\s*\}\}/g, '(the output)');

/** The uploaded run object: a JSON whose `data_source` has an `input_messages` template. */
function findRun(source: ImportSource) {
  for (const file of [...source.files.keys()].filter((name) => /\.json$/i.test(name)).sort()) {
    const run = shaped(evalsRun, source.yaml(file, { file, path: [] })?.value);
    if (run !== null) return { file, run };
  }
  return null;
}

/**
 * The configuration a run was made with: its developer and system turns the system prompt, its last user turn the
 * user template, the turns between the configuration's messages, on the run's model when listed. Null without a run.
 */
export function runConfiguration(
  source: ImportSource,
  name: string,
  models: ModelChoice[],
  fallback: ModelChoice,
): PlannedConfiguration | null {
  const found = findRun(source);
  if (found === null) return null;
  const { file, run } = found;
  const dataSource = run.data_source;
  // A template turn's text: `content` as a string, or as an `input_text` part; a turn without one is left out.
  const turns = (dataSource.input_messages.template ?? []).flatMap((turn) => shaped(evalsRunTurn, turn) ?? []);
  const system: string[] = [];
  const messages: PlannedMessage[] = [];
  for (const { role, content: text } of turns) {
    if (role === 'system' || role === 'developer') system.push(asVariables(text));
    else if (role === 'user' || role === 'assistant') messages.push({ role, content: asVariables(text) });
  }
  const lastUser = messages.findLastIndex((m) => m.role === 'user');
  const userTemplate = lastUser === -1 ? null : messages.splice(lastUser, 1)[0]!.content;
  const modelName = dataSource.model ?? run.model;
  const named = models.find((m) => m.company === 'openai' && m.model_name === modelName);
  if (!named)
    source.note(
      'changed',
      `model '${String(modelName)}'`,
      `Promptgrid's model list has no OpenAI model of that name; the configuration runs on ${modelLabel(fallback)}.`,
      { file, path: ['data_source', 'model'] },
    );
  const model = named ?? fallback;
  const sampling = dataSource.sampling_params ?? {};
  const maxTokens = sampling.max_completions_tokens ?? sampling.max_tokens;
  return {
    name: name.slice(0, 200),
    prompt_content: system.join('\n\n') || STAND_IN_SYSTEM_PROMPT,
    user_template: userTemplate,
    messages,
    ai_model_id: model.id,
    model: modelLabel(model),
    temperature: sampling.temperature ?? null,
    max_tokens: maxTokens ?? null,
    json_mode: false,
  };
}
