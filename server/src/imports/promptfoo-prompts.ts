// promptfoo's prompts and providers, as Promptgrid's system prompts, message templates and models.
import type { ModelChoice, PlannedMessage } from './plan.js';
import { literalText, noteActive, templateText } from './promptfoo-inert.js';
import type { ImportSource, Path } from './source.js';

type Where = { file: string; path: Path };
/**
 * A prompt text as a configuration keeps it: the export's literal braces and decoding places read back (the names of
 * the variables whose values those places decode go to `encoded`); anything else promptfoo would run is reported.
 */
function promptText(text: string, label: string, source: ImportSource, where: Where, encoded: Set<string>) {
  noteActive(source, text, `prompt '${label}'`, where);
  return templateText(text, encoded);
}

/** A prompt as a configuration holds it: a system prompt, turns before the input's, and the user message template. */
export type ImportedPrompt = {
  label: string;
  system: string | null;
  messages: PlannedMessage[];
  userTemplate: string | null;
};

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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const firstLine = (text: string) => (literalText(text).trim().split('\n')[0] ?? '').slice(0, 60) || 'Prompt';

/** A chat prompt (a list of {role, content}): system turns to the system prompt, the last user turn the template. */
function chatPrompt(label: string, turns: unknown[], source: ImportSource, where: Where, encoded: Set<string>) {
  const system: string[] = [];
  const messages: PlannedMessage[] = [];
  for (const [index, turn] of turns.entries()) {
    if (!isRecord(turn) || typeof turn.content !== 'string') {
      source.note(
        'skipped',
        `message ${index + 1} of prompt ${label}`,
        'A message needs a role and a text content.',
        where,
      );
      continue;
    }
    const content = promptText(turn.content, label, source, where, encoded);
    if (turn.role === 'system') system.push(content);
    else if (turn.role === 'user' || turn.role === 'assistant') messages.push({ role: turn.role, content });
    else
      source.note(
        'skipped',
        `message role '${String(turn.role)}'`,
        'Only system, user and assistant turns are kept.',
        where,
      );
  }
  const last = messages.at(-1);
  const userTemplate = last?.role === 'user' ? last.content : null;
  return {
    label,
    system: system.length > 0 ? system.join('\n\n') : null,
    messages: userTemplate === null ? messages : messages.slice(0, -1),
    userTemplate,
  };
}

/** One prompt text: a JSON chat prompt, or plain text sent as the user message. */
function promptFromText(label: string, text: string, source: ImportSource, where: Where, encoded: Set<string>) {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    try {
      const turns: unknown = JSON.parse(trimmed);
      if (Array.isArray(turns)) return [chatPrompt(label, turns, source, where, encoded)];
    } catch {
      // Not JSON: a text that happens to start with a bracket.
    }
  }
  return [{ label, system: null, messages: [], userTemplate: promptText(text, label, source, where, encoded) }];
}

function promptsFromFile(
  reference: string,
  label: string | null,
  source: ImportSource,
  where: Where,
  encoded: Set<string>,
) {
  const name = reference.replace(/^file:\/\//, '');
  if (/\.(ya?ml|json)$/i.test(name)) {
    const read = source.yaml(name, where);
    if (!read) return [];
    if (Array.isArray(read.value)) return [chatPrompt(label ?? name, read.value, source, where, encoded)];
    if (typeof read.value === 'string') return promptFromText(label ?? name, read.value, source, where, encoded);
    source.note('skipped', `prompt file ${name}`, 'A prompt file holds a text or a list of messages.', where);
    return [];
  }
  if (/\.(js|cjs|mjs|ts|py)$/i.test(name)) {
    source.note('skipped', `prompt ${reference}`, 'Prompt functions are code, and code is never run.', where);
    return [];
  }
  const file = source.text(name, where);
  if (!file) return [];
  // promptfoo reads several prompts from one text file separated by lines of ---.
  const parts = file.text.split(/^---$/m).filter((part) => part.trim() !== '');
  return parts.flatMap((part, index) =>
    promptFromText(label ?? (parts.length > 1 ? `${name} #${index + 1}` : name), part.trim(), source, where, encoded),
  );
}

/**
 * `prompts:` as a string, a list, or a map of file to label; each entry a text, a file:// reference or {raw|id, label}.
 * `encoded` collects the variables whose values the prompts' places decode (see promptfoo-inert.ts).
 */
export function readPrompts(
  value: unknown,
  source: ImportSource,
  file: string,
  encoded: Set<string>,
): ImportedPrompt[] {
  const entries: [unknown, string | null, Path][] = Array.isArray(value)
    ? value.map((entry, index) => [entry, null, ['prompts', index]])
    : isRecord(value)
      ? Object.entries(value).map(([key, label]) => [key, typeof label === 'string' ? label : null, ['prompts', key]])
      : [[value, null, ['prompts']]];
  return entries.flatMap(([entry, label, path]) => {
    const where = { file, path };
    if (typeof entry === 'string')
      return entry.startsWith('file://')
        ? promptsFromFile(entry, label, source, where, encoded)
        : promptFromText(label ?? firstLine(entry), entry, source, where, encoded);
    if (isRecord(entry)) {
      const named = typeof entry.label === 'string' ? literalText(entry.label) : null;
      if (typeof entry.raw === 'string')
        return promptFromText(named ?? firstLine(entry.raw), entry.raw, source, where, encoded);
      if (typeof entry.id === 'string' && entry.id.startsWith('file://'))
        return promptsFromFile(entry.id, named, source, where, encoded);
    }
    source.note('skipped', 'prompt', 'A prompt is a text, a file:// reference or {raw, label}.', where);
    return [];
  });
}

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

const CARRIED_CONFIG = new Set(['temperature', 'max_tokens', 'response_format', 'apiBaseUrl']);

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
    if (typeof entry === 'string') id = entry;
    else if (isRecord(entry) && typeof entry.id === 'string') {
      id = entry.id;
      label = typeof entry.label === 'string' ? literalText(entry.label) : null;
      config = isRecord(entry.config) ? entry.config : {};
      if (Array.isArray(entry.prompts))
        prompts = entry.prompts.filter((p): p is string => typeof p === 'string').map(literalText);
    } else if (isRecord(entry) && Object.keys(entry).length === 1) {
      const [key, inner] = Object.entries(entry)[0]!;
      id = key;
      config = isRecord(inner) && isRecord(inner.config) ? inner.config : {};
    } else {
      source.note('skipped', 'provider', 'A provider is an id or {id, label, config}.', where);
      return [];
    }
    const apiBaseUrl = typeof config.apiBaseUrl === 'string' ? config.apiBaseUrl : null;
    let found = modelOfProviderId(id, models, apiBaseUrl);
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
    for (const key of Object.keys(config).filter((k) => !CARRIED_CONFIG.has(k)))
      source.note(
        'skipped',
        `provider option '${key}' of ${id}`,
        'Promptgrid configurations have no such setting.',
        where,
      );
    const format = isRecord(config.response_format) ? config.response_format.type : undefined;
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
        temperature: typeof config.temperature === 'number' ? config.temperature : null,
        maxTokens: typeof config.max_tokens === 'number' ? config.max_tokens : null,
        jsonMode: format === 'json_object' || format === 'json_schema',
      },
    ];
  });
}
