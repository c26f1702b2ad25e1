// YAML from users' files, read with the limits a hostile file needs: size, aliases (billion laughs) and depth.
import { LineCounter, parseDocument } from 'yaml';
import { badRequest, HttpError } from '../http/errors.js';
import { nestingDepth } from '../lib/nesting-depth.js';

/**
 * The YAML and JSON an import may parse, all its files together. The parser reads about 1 MB a second, and under a
 * third of that on a busy 2-core machine, so this much stays within the import's deadline. A config and its tests are
 * kilobytes; a test set of thousands of rows belongs in a CSV file, which reads a hundred times faster.
 */
export const YAML_MAX_BYTES = 1024 * 1024;
/** Aliases a real config uses: a handful of anchors for shared assertions. */
export const YAML_MAX_ALIASES = 100;
/** promptfoo configs nest a few levels (tests -> assert -> value -> schema); JSON Schemas a few more. */
export const YAML_MAX_DEPTH = 64;

/** A parsed YAML file, and where each of its values stands (1-based line), by path of keys and indexes. */
export type ReadYaml = { value: unknown; lineOf: (path: (string | number)[]) => number | null };

/**
 * How deeply the text nests before it is parsed, so the parser never recurses 10,000 levels: flow collections (`[`,
 * `{`) nest without indentation, and so do block sequences and keys started on one line (`- - - x`, `? ? x`).
 * Brackets are counted over the whole text (quoted ones too, hence the margin the caller gives them).
 */
function nestingBeforeParsing(text: string): { brackets: number; indicators: number } {
  let open = 0;
  let brackets = 0;
  let indicators = 0;
  let lineStart = true;
  let onLine = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\n') {
      lineStart = true;
      onLine = 0;
      continue;
    }
    if (lineStart && (char === ' ' || char === '\t')) continue;
    const next = text[i + 1];
    if (lineStart && (char === '-' || char === '?') && (next === ' ' || next === '\t' || next === '\n')) {
      indicators = Math.max(indicators, ++onLine);
      continue;
    }
    lineStart = false;
    if (char === '[' || char === '{') brackets = Math.max(brackets, ++open);
    else if (char === ']' || char === '}') open--;
  }
  return { brackets, indicators };
}

/** Parses YAML (JSON too: it is YAML) with the safe core schema (no custom tags), or answers 400 naming the file. */
export function readYaml(text: string, file: string): ReadYaml {
  const refuse = (why: string) => badRequest({ files: [`${file}: ${why}`] });
  const nesting = nestingBeforeParsing(text);
  if (nesting.brackets > YAML_MAX_DEPTH * 4 || nesting.indicators > YAML_MAX_DEPTH)
    throw refuse(`nested more than ${YAML_MAX_DEPTH} levels deep.`);
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
