// A promptfoo config (promptfooconfig.yaml and the files it refers to) as a Promptgrid project.
import { z } from 'zod';
import { keysLeftOut, mapping, promptfooConfig, shaped, type PromptfooConfig } from './formats.js';
import { PlannedChecks, type ImportPlan, type ModelChoice, type PlannedConfiguration } from './plan.js';
import { readPrompts } from './promptfoo-prompts.js';
import { readProviders } from './promptfoo-providers.js';
import { ENCODED_VARIABLES_KEY, literalText } from './promptfoo-inert.js';
import { readTests } from './promptfoo-tests.js';
import type { ImportSource } from './source.js';

/** What a configuration sends as its system prompt when the promptfoo prompt had none: the field is required here. */
export const STAND_IN_SYSTEM_PROMPT = 'You are a helpful assistant.';

/** The config file among the uploads: promptfooconfig.yaml (or .yml/.json), else the only YAML file at the top. */
export function findPromptfooConfig(files: Map<string, string>): string | null {
  const names = [...files.keys()];
  return (
    names.find((name) => /(^|\/)promptfooconfig\.(ya?ml|json)$/i.test(name)) ??
    (names.filter((name) => !name.includes('/') && /\.ya?ml$/i.test(name)).length === 1
      ? names.find((name) => !name.includes('/') && /\.ya?ml$/i.test(name))!
      : null)
  );
}

/** The variables Promptgrid's export encoded, as its defaultTest's metadata lists them. */
const encodedVariables = (config: PromptfooConfig): string[] =>
  shaped(z.array(z.unknown()), config.defaultTest?.metadata?.[ENCODED_VARIABLES_KEY])?.flatMap(
    (name) => shaped(z.string(), name) ?? [],
  ) ?? [];

/**
 * A configuration's name: the prompt's label, with the provider's own label when the config gives one. A provider's
 * id is no name: it names a model, which the user may pick instead for an unknown provider, or change later.
 */
const configurationName = (prompt: string, provider: string | null) =>
  // A provider labelled as the one prompt it runs (as Promptgrid's export writes them) names one configuration.
  (provider === null || provider === prompt ? prompt : `${prompt} · ${provider}`).slice(0, 200);

/** One prompt run by several unlabelled providers makes configurations told apart by number: "Answer (2)". */
function numberRepeatedNames(configurations: PlannedConfiguration[]): PlannedConfiguration[] {
  const seen = new Map<string, number>();
  return configurations.map((configuration) => {
    const count = (seen.get(configuration.name) ?? 0) + 1;
    seen.set(configuration.name, count);
    return count === 1 ? configuration : { ...configuration, name: `${configuration.name.slice(0, 190)} (${count})` };
  });
}

export function planPromptfooImport(
  source: ImportSource,
  file: string,
  models: ModelChoice[],
  picked: Readonly<Record<string, number>> = {},
): ImportPlan {
  const read = shaped(mapping, source.yaml(file, { file, path: [] })?.value) ?? {};
  const config = promptfooConfig.parse(read);
  for (const key of keysLeftOut(promptfooConfig, read))
    source.note('skipped', `key '${key}'`, 'Promptgrid projects have no equivalent setting.', { file, path: [key] });
  const encoded = new Set(encodedVariables(config));
  const prompts = readPrompts(config.prompts ?? [], source, file, encoded);
  const unknown = { picked, ids: new Set<string>() };
  const providers = readProviders(config.providers ?? [], source, file, models, unknown);
  const graderId = config.defaultTest?.options?.provider ?? null;
  const grader = graderId ? (models.find((m) => graderId.endsWith(`:${m.model_name}`)) ?? null) : null;
  const context = { models, judge: grader ?? providers[0]?.model ?? null, checks: new PlannedChecks(), encoded };
  const inputs = readTests(config, file, source, context);

  const configurations = prompts.flatMap((prompt, index) =>
    providers.flatMap((provider): PlannedConfiguration[] => {
      if (provider.prompts !== null && !provider.prompts.includes(prompt.label)) return [];
      const where = { file, path: ['prompts', index] };
      if (prompt.system === null)
        source.note(
          'changed',
          `prompt '${prompt.label}'`,
          `It became the user message template; a configuration needs a system prompt, so it reads "${STAND_IN_SYSTEM_PROMPT}"`,
          where,
        );
      return [
        {
          name: configurationName(prompt.label, provider.label),
          prompt_content: prompt.system ?? STAND_IN_SYSTEM_PROMPT,
          user_template: prompt.userTemplate,
          messages: prompt.messages,
          ai_model_id: provider.model.id,
          model: `${provider.model.company} - ${provider.model.model_name}`,
          temperature: provider.temperature,
          max_tokens: provider.maxTokens,
          json_mode: provider.jsonMode,
        },
      ];
    }),
  );
  const description = config.description === undefined ? '' : literalText(config.description);
  return {
    format: 'promptfoo',
    project_name: (description || 'Imported from promptfoo').slice(0, 200),
    description: description || `Imported from ${file}.`,
    configurations: numberRepeatedNames(configurations),
    inputs,
    checks: context.checks.list(),
    items: source.items,
    unknown_providers: [...unknown.ids],
  };
}
