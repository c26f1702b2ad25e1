import { LIMITS } from '@promptgrid/contract';

/** A line holding only `---` (Markdown's rule) separates pasted prompts. */
const SEPARATOR = /^[ \t]*---[ \t]*$/m;

/** The pasted text's prompts, in order, without the separators and without empty ones. */
export const splitPrompts = (text: string): string[] =>
  text
    .split(SEPARATOR)
    .map((prompt) => prompt.trim())
    .filter((prompt) => prompt !== '');

/** A prompt's name: its first line, without a Markdown heading's `#`s, cut to the name limit. */
export const nameFromFirstLine = (prompt: string): string =>
  (prompt.split('\n', 1)[0] ?? '')
    .replace(/^#+\s*/, '')
    .trim()
    .slice(0, LIMITS.nameMaxLength);
