// Texts in a promptfoo config that promptfoo reads as text and never runs, and how the import reads them back.
//
// promptfoo renders prompts and assertion values with Nunjucks, whose `{{ … }}` can call any JavaScript function
// (`range.constructor("…")()`); before that, its config loader replaces `{{ … env.X … }}` anywhere in the config with
// the runner's environment; and a value starting with `file://`, `package:`, `python:` and the like is loaded or run.
// A Promptgrid project may hold any of these as plain text (imported from someone else's pack), so the export writes:
// - a text promptfoo renders with each of its braces as a Nunjucks string (`{{ '{' }}`), and the colon of a leading
//   `scheme:` too, so it renders back to itself and holds no `{{`, `{%` or `{#` of its own: every `{{ … }}` in it is
//   one brace, which the environment pass leaves alone as it names no `env`;
// - a variable's value, which promptfoo inserts without rendering it (so a Nunjucks string would arrive as written),
//   percent-encoded when it needs to be, and decoded by Nunjucks' `replace` filter at the variable's places.
import { placeholderPattern } from '@promptgrid/contract';
import { quoted } from './quoted.js';
import type { ImportSource, Path } from './source.js';

/** A loader's start: promptfoo loads or runs values starting `file://`, `package:`, `python:`, `exec:`, `hf://`… */
const SCHEME = /^(?:(?:file|package|python|exec|golang|ruby|javascript):|[A-Za-z][A-Za-z0-9+.-]*:\/\/)/i;

const LITERALS = { '{': "{{ '{' }}", '}': "{{ '}' }}", ':': "{{ ':' }}" } as const;
const LITERAL = /\{\{ '([{}:])' \}\}/g;
const braces = (text: string) => text.replace(/[{}]/g, (brace) => LITERALS[brace as '{' | '}']);

/** A text promptfoo renders (prompts, assertion values, names), written so its rendering gives the text back. */
export function inertText(text: string): string {
  const scheme = SCHEME.exec(text)?.[0] ?? '';
  const colon = scheme.indexOf(':');
  return colon < 0 ? braces(text) : text.slice(0, colon) + LITERALS[':'] + braces(text.slice(colon + 1));
}

/**
 * A prompt text: as inertText, but each Promptgrid placeholder (`{{name}}`, `{{{name}}}`) becomes the promptfoo
 * place of its variable, `place(name, placeholder)`; one of a variable no input gives (null) stays text, as a run
 * leaves it.
 */
export function inertTemplate(text: string, place: (name: string, placeholder: string) => string | null): string {
  let written = '';
  let from = 0;
  for (const match of text.matchAll(placeholderPattern())) {
    const literal = text.slice(from, match.index);
    const at = place((match[1] ?? match[2])!, match[0]) ?? braces(match[0]);
    written += (from === 0 ? inertText(literal) : braces(literal)) + at;
    from = match.index + match[0].length;
  }
  const rest = text.slice(from);
  return written + (from === 0 ? inertText(rest) : braces(rest));
}

/** The text an inertText (or inertTemplate, places aside) was written from. */
export const literalText = (written: string): string => written.replace(LITERAL, '$1');

// A variable value is encoded only when it must be: promptfoo's own `{{name}}` substitution between variables and its
// environment pass act on `{`, its loaders on a leading `scheme:`, and it drops one trailing newline.
const ENCODED = { '%': '%25', '{': '%7B', ':': '%3A', '\n': '%0A' } as const;
const DECODE = '| replace("%7B", "{") | replace("%3A", ":") | replace("%0A", "\\n") | replace("%25", "%")';

/** Where the export lists the variables it encoded: promptfoo's free-form metadata of defaultTest. */
export const ENCODED_VARIABLES_KEY = 'promptgrid_encoded_variables';

export const needsEncoding = (value: string): boolean =>
  value.includes('{') || SCHEME.test(value) || value.endsWith('\n');

/** A variable's value as written when its places decode it: `%` and `{` always, a leading scheme's colon, a last newline. */
export function encodedValue(value: string): string {
  const colon = SCHEME.exec(value)?.[0].indexOf(':') ?? -1;
  const last = value.endsWith('\n') ? value.length - 1 : -1;
  return value
    .split('')
    .map((char, index) =>
      char === '%' || char === '{' || index === colon || index === last ? ENCODED[char as keyof typeof ENCODED] : char,
    )
    .join('');
}

export const decodedValue = (written: string): string =>
  written.replace(/%(25|7B|3A|0A)/g, (_, code: string) => decodeURIComponent(`%${code}`));

/**
 * Where a prompt uses a variable: the placeholder as written (Mustache's triple braces as double ones, which Nunjucks
 * reads), or one that decodes the variable's encoded value.
 */
export const variablePlace = (name: string, encoded: boolean, placeholder: string): string =>
  encoded ? `{{ ${name} ${DECODE} }}` : placeholder.startsWith('{{{') ? `{{${name}}}` : placeholder;

const DECODING_PLACE = new RegExp(
  `\\{\\{ ([A-Za-z_][A-Za-z0-9_]{0,63}) ${DECODE.replace(/[|()\\]/g, '\\$&')} \\}\\}`,
  'g',
);

/** A prompt text as Promptgrid holds it: literal braces back, decoding places as `{{name}}` (their names in `encoded`). */
export function templateText(written: string, encoded: Set<string>): string {
  return literalText(
    written.replace(DECODING_PLACE, (_, name: string) => {
      encoded.add(name);
      return `{{${name}}}`;
    }),
  );
}

const NUNJUCKS = /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}|\{#[\s\S]*?#\}/g;
/** The `{{ … }}` that run nothing: a plain placeholder, and the export's own literals and decoding places. */
const INERT = new RegExp(`^(?:${placeholderPattern().source}|${LITERAL.source}|${DECODING_PLACE.source})$`);

/**
 * What promptfoo would run in a text as written in its config, if anything: a loader prefix, or a Nunjucks tag,
 * comment or expression other than the inert ones.
 */
export function activePart(written: string): string | null {
  const scheme = SCHEME.exec(written)?.[0];
  if (scheme !== undefined && !/^https?:/i.test(scheme)) return scheme;
  for (const [expression] of written.matchAll(NUNJUCKS)) if (!INERT.test(expression)) return expression;
  return null;
}

/** A report item for what promptfoo would run in a text the import keeps as it is (the user's own words). */
export function noteActive(source: ImportSource, written: string, what: string, where: { file: string; path: Path }) {
  const part = activePart(written);
  if (part !== null)
    source.note(
      'changed',
      `${quoted(part)} in ${what}`,
      'promptfoo runs it (a Nunjucks template or a loader); Promptgrid keeps it as plain text and never runs it.',
      where,
    );
}
