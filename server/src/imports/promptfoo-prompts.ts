// promptfoo's prompts and providers, as Promptgrid's system prompts, message templates and models.
import { z } from 'zod';
import { isMapping, promptfooPromptEntry, promptfooTurn, shaped } from './formats.js';
import type { PlannedMessage } from './plan.js';
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

const firstLine = (text: string) => (literalText(text).trim().split('\n')[0] ?? '').slice(0, 60) || 'Prompt';

/** A chat prompt (a list of {role, content}): system turns to the system prompt, the last user turn the template. */
function chatPrompt(label: string, turns: unknown[], source: ImportSource, where: Where, encoded: Set<string>) {
  const system: string[] = [];
  const messages: PlannedMessage[] = [];
  for (const [index, turn] of turns.entries()) {
    const read = shaped(promptfooTurn, turn);
    if (read === null) {
      source.note(
        'skipped',
        `message ${index + 1} of prompt ${label}`,
        'A message needs a role and a text content.',
        where,
      );
      continue;
    }
    const content = promptText(read.content, label, source, where, encoded);
    if (read.role === 'system') system.push(content);
    else if (read.role === 'user' || read.role === 'assistant') messages.push({ role: read.role, content });
    else
      source.note(
        'skipped',
        `message role '${String(read.role)}'`,
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
    const text = shaped(z.string(), read.value);
    if (text !== null) return promptFromText(label ?? name, text, source, where, encoded);
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
    : isMapping(value)
      ? Object.entries(value).map(([key, label]) => [key, shaped(z.string(), label), ['prompts', key]])
      : [[value, null, ['prompts']]];
  return entries.flatMap(([entry, label, path]) => {
    const where = { file, path };
    const text = shaped(z.string(), entry);
    if (text !== null)
      return text.startsWith('file://')
        ? promptsFromFile(text, label, source, where, encoded)
        : promptFromText(label ?? firstLine(text), text, source, where, encoded);
    const object = shaped(promptfooPromptEntry, entry);
    if (object !== null) {
      const named = object.label === undefined ? null : literalText(object.label);
      if (object.raw !== undefined)
        return promptFromText(named ?? firstLine(object.raw), object.raw, source, where, encoded);
      if (object.id?.startsWith('file://')) return promptsFromFile(object.id, named, source, where, encoded);
    }
    source.note('skipped', 'prompt', 'A prompt is a text, a file:// reference or {raw, label}.', where);
    return [];
  });
}
