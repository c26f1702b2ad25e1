// promptfoo's providers, as the models Promptgrid's configurations and judges run on.
import { z } from 'zod';
import { isMapping, keysLeftOut, mapping, promptfooProvider, promptfooProviderConfig, shaped } from './formats.js';
import type { ModelChoice } from './plan.js';
import { literalText } from './promptfoo-inert.js';
import type { ImportSource, Path } from './source.js';

export type ImportedProvider = {
  /** As the config labels it; null when it gives no label (its id is no name once the model may change). */
  label: string | null;
  /** The labels of the prompts it runs (promptfoo's provider `prompts`); null: every prompt. */
  prompts: string[] | null;
  model: ModelChoice;
  temperature: number | null;
  maxTokens: number | null;
  jsonMode: boolean;
};

const COMPANY_OF_PREFIX: Record<string, string> = {
  openai: 'openai',
  anthropic: 'anthropic',
  google: 'gemini',
  vertex: 'gemini',
};

/** The model a promptfoo provider id names: `openai:chat:gpt-4.1`, `anthropic:messages:claude-…`, `google:gemini-…`. */
export function modelOfProviderId(
  id: string,
  models: ModelChoice[],
  apiBaseUrl: string | null,
): { model: ModelChoice } | { why: string } {
  const [prefix = '', ...rest] = id.split(':');
  const name = (['chat', 'messages', 'completion', 'responses'].includes(rest[0] ?? '') ? rest.slice(1) : rest).join(
    ':',
  );
  if (apiBaseUrl !== null) {
    const model = models.find((m) => m.company === 'custom' && m.model_name === name);
    return model
      ? { model }
      : {
          why: `It calls ${apiBaseUrl}: add that endpoint and its model ${name} in API Configuration, then import again.`,
        };
  }
  const company = COMPANY_OF_PREFIX[prefix];
  if (!company) return { why: `Promptgrid calls OpenAI, Anthropic, Google Gemini and OpenAI-compatible endpoints.` };
  const model = models.find((m) => m.company === company && m.model_name === name);
  return model ? { model } : { why: `Promptgrid's model list has no ${company} model named ${name}.` };
}

/**
 * The providers Promptgrid cannot run as they are: their ids in the config's order, and the model the user picked
 * for each (by id), which they then run on.
 */
export type UnknownProviders = { picked: Readonly<Record<string, number>>; ids: Set<string> };

/** `providers:` as ids, {id, label, config} objects, or {id: config} maps. */
export function readProviders(
  value: unknown,
  source: ImportSource,
  file: string,
  models: ModelChoice[],
  unknown: UnknownProviders,
) {
  const list = Array.isArray(value) ? value : [value];
  return list.flatMap((entry, index): ImportedProvider[] => {
    const where = { file, path: ['providers', index] as Path };
    let [id, label, config] = ['', null as string | null, {} as Record<string, unknown>];
    let prompts: string[] | null = null;
    const [text, object] = [shaped(z.string(), entry), shaped(promptfooProvider, entry)];
    if (text !== null) id = text;
    else if (object !== null) {
      id = object.id;
      label = object.label === undefined ? null : literalText(object.label);
      config = object.config ?? {};
      prompts = object.prompts?.map(literalText) ?? null;
    } else if (isMapping(entry) && Object.keys(entry).length === 1) {
      const [key, inner] = Object.entries(entry)[0]!;
      id = key;
      config = shaped(z.looseObject({ config: mapping }), inner)?.config ?? {};
    } else {
      source.note('skipped', 'provider', 'A provider is an id or {id, label, config}.', where);
      return [];
    }
    const settings = promptfooProviderConfig.parse(config);
    let found = modelOfProviderId(id, models, settings.apiBaseUrl ?? null);
    if ('why' in found) {
      unknown.ids.add(id);
      const picked = models.find((m) => m.id === unknown.picked[id]);
      if (!picked) {
        source.note('skipped', `provider '${id}'`, `${found.why} Pick a model for it to import its prompts.`, where);
        return [];
      }
      source.note('changed', `provider '${id}'`, `Runs on ${picked.company} - ${picked.model_name}, as picked.`, where);
      found = { model: picked };
    }
    for (const key of keysLeftOut(promptfooProviderConfig, config))
      source.note(
        'skipped',
        `provider option '${key}' of ${id}`,
        'Promptgrid configurations have no such setting.',
        where,
      );
    const format = settings.response_format?.type;
    if (format === 'json_schema')
      source.note(
        'changed',
        `response_format json_schema of ${id}`,
        'Carried over as JSON mode; the schema is not enforced.',
        where,
      );
    return [
      {
        label,
        prompts,
        model: found.model,
        temperature: settings.temperature ?? null,
        maxTokens: settings.max_tokens ?? null,
        jsonMode: format === 'json_object' || format === 'json_schema',
      },
    ];
  });
}
