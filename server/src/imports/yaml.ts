// YAML from users' files, read with the limits a hostile file needs: size, aliases (billion laughs) and depth.
import { LineCounter, parseDocument } from 'yaml';
import { badRequest, HttpError } from '../http/errors.js';
import { nestingDepth } from '../lib/nesting-depth.js';

/** A config or tests file is kilobytes; a larger YAML file is refused before it is parsed. */
export const YAML_MAX_BYTES = 2 * 1024 * 1024;
/** Aliases a real config uses: a handful of anchors for shared assertions. */
export const YAML_MAX_ALIASES = 100;
/** promptfoo configs nest a few levels (tests -> assert -> value -> schema); JSON Schemas a few more. */
export const YAML_MAX_DEPTH = 64;

/** A parsed YAML file, and where each of its values stands (1-based line), by path of keys and indexes. */
export type ReadYaml = { value: unknown; lineOf: (path: (string | number)[]) => number | null };

/** Parses YAML (JSON too: it is YAML) with the safe core schema (no custom tags), or answers 400 naming the file. */
export function readYaml(text: string, file: string): ReadYaml {
  const refuse = (why: string) => badRequest({ files: [`${file}: ${why}`] });
  if (Buffer.byteLength(text) > YAML_MAX_BYTES) throw refuse(`larger than ${YAML_MAX_BYTES / 1024 / 1024} MB.`);
  // Flow collections nest without indentation: count brackets first, so the parser never recurses 10,000 levels.
  let open = 0;
  let deepest = 0;
  for (const char of text) {
    if (char === '[' || char === '{') deepest = Math.max(deepest, ++open);
    else if (char === ']' || char === '}') open--;
    if (deepest > YAML_MAX_DEPTH * 4) throw refuse(`nested more than ${YAML_MAX_DEPTH} levels deep.`);
  }
  const lines = new LineCounter();
  let document;
  let value: unknown;
  try {
    document = parseDocument(text, { lineCounter: lines, schema: 'core', uniqueKeys: false, prettyErrors: true });
    const error = document.errors[0];
    if (error)
      throw refuse(`not valid YAML (line ${error.linePos?.[0]?.line ?? '?'}): ${error.message.split('\n')[0]}`);
    value = document.toJS({ maxAliasCount: YAML_MAX_ALIASES });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof ReferenceError || (error instanceof Error && /alias/i.test(error.message)))
      throw refuse(`more than ${YAML_MAX_ALIASES} aliases, or aliases that expand too far.`);
    if (error instanceof RangeError) throw refuse(`nested too deeply to read.`);
    throw error;
  }
  if (nestingDepth(value, YAML_MAX_DEPTH) > YAML_MAX_DEPTH)
    throw refuse(`nested more than ${YAML_MAX_DEPTH} levels deep.`);
  return {
    value,
    lineOf: (path) => {
      const node = document.getIn(path, true) as { range?: [number, number, number] } | undefined;
      return node?.range ? lines.linePos(node.range[0]).line : null;
    },
  };
}
