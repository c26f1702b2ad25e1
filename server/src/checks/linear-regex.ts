import { compileRegex } from './regex-thread.js';

const LOOKAROUND: Record<string, string> = {
  '(?=': 'lookahead (?=…)',
  '(?!': 'negative lookahead (?!…)',
  '(?<=': 'lookbehind (?<=…)',
  '(?<!': 'negative lookbehind (?<!…)',
};

/**
 * The first construct of a JavaScript pattern that a linear-time engine cannot run (a backreference or a lookaround),
 * read outside character classes and escapes, or null. Found here rather than from RE2JS's error because RE2JS reads
 * `\k<name>` as the letters `k<name>` instead of refusing it.
 */
export function unsupportedConstruct(pattern: string): string | null {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '\\') {
      const next = pattern[i + 1] ?? '';
      if (!inClass && /[1-9]/.test(next)) return `the backreference \\${next}`;
      if (!inClass && next === 'k' && pattern[i + 2] === '<') return 'the named backreference \\k<…>';
      i++;
    } else if (inClass) {
      if (char === ']') inClass = false;
    } else if (char === '[') {
      inClass = true;
    } else if (char === '(') {
      const construct = Object.keys(LOOKAROUND).find((opening) => pattern.startsWith(opening, i));
      if (construct) return `the ${LOOKAROUND[construct]}`;
    }
  }
  return null;
}

/**
 * Why the regex check cannot run a pattern (already valid JavaScript), or null. The check runs on RE2JS, a
 * linear-time engine, so no pattern can backtrack for minutes over a long output; it refuses what needs backtracking.
 */
export async function linearRegexError(pattern: string): Promise<string | null> {
  const construct = unsupportedConstruct(pattern);
  if (construct)
    return `The regex check runs in linear time and cannot use ${construct}; rewrite the pattern without it.`;
  const compiled = await compileRegex(pattern);
  if (compiled.ok) return null;
  if (compiled.reason === 'timeout') return 'The pattern is too complex to compile; simplify it.';
  return `The linear-time regex engine cannot run this pattern: ${compiled.message.replace(/^error parsing regexp: /, '')}.`;
}
