// Matching a config's file globs (`tests: file://tests/*.yaml`) against the uploaded files' names, in linear time.
import { badRequest } from '../http/errors.js';

/** Stars in one glob: a real one has one to three (`tests/*.yaml`, `tests/**` then a slash and `*.yaml`). */
export const GLOB_MAX_STARS = 20;

/** `*`: any characters within one folder; `**` and a slash: any folders, or none; anything else: itself. */
type Token = { kind: 'char'; char: string } | { kind: 'star' } | { kind: 'folders' };

function tokensOf(pattern: string): Token[] {
  // By code point, as names are read: a character outside the BMP is one token.
  const chars = [...pattern];
  const tokens: Token[] = [];
  for (let i = 0; i < chars.length; i++) {
    if (chars[i] === '*' && chars[i + 1] === '*' && chars[i + 2] === '/') {
      tokens.push({ kind: 'folders' });
      i += 2;
    } else tokens.push(chars[i] === '*' ? { kind: 'star' } : { kind: 'char', char: chars[i]! });
  }
  return tokens;
}

/**
 * A glob as a test of names. A backtracking regex of `*a*a*a*a*b` tries every way to split a long name between the
 * stars (seconds for three names); this reads the name once, keeping the set of places in the pattern it may have
 * reached (a place inside `**` and its slash counted apart from the place before it), so a name costs its length times the
 * pattern's at most. Too many stars answer 400 naming the limit.
 */
export function globMatcher(pattern: string): (name: string) => boolean {
  const stars = pattern.split('*').length - 1;
  if (stars > GLOB_MAX_STARS)
    throw badRequest({ files: [`The glob ${pattern} has ${stars} stars; at most ${GLOB_MAX_STARS} are read.`] });
  const tokens = tokensOf(pattern);
  const end = tokens.length * 2;
  // Place 2i: before token i; place 2i + 1: inside the folders that token i matches, before a slash ends them.
  // The places reached are a list and a mark per place (the character's number), so a character allocates nothing.
  let places = new Int32Array(end + 1);
  let next = new Int32Array(end + 1);
  let count = 0;
  const marks = new Int32Array(end + 1);
  let step = 0;
  const reach = (place: number) => {
    if (marks[place] === step) return;
    marks[place] = step;
    next[count++] = place;
    const token = tokens[place / 2];
    if (place % 2 === 1 || token === undefined) return;
    if (token.kind === 'star') reach(place + 2);
    if (token.kind === 'folders') {
      reach(place + 1);
      reach(place + 2);
    }
  };
  return (name) => {
    marks.fill(0);
    step = 1;
    count = 0;
    reach(0);
    for (const char of name) {
      [places, next] = [next, places];
      const reached = count;
      count = 0;
      step++;
      for (let i = 0; i < reached; i++) {
        const place = places[i]!;
        const token = tokens[Math.floor(place / 2)];
        if (token === undefined) continue;
        if (place % 2 === 1) {
          reach(place);
          if (char === '/') reach(place + 1);
        } else if (token.kind === 'star' && char !== '/') reach(place);
        else if (token.kind === 'char' && token.char === char) reach(place + 2);
      }
      if (count === 0) return false;
    }
    return marks[end] === step;
  };
}
