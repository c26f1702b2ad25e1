import { describe, expect, it } from 'vitest';
import { nameFromFirstLine, splitPrompts } from './split-prompts';

describe('splitting pasted system prompts', () => {
  it('splits on lines of ---, trims each and drops empty ones', () => {
    expect(splitPrompts('You are terse.\n---\n# Friendly\nYou are warm.\n  ---  \n\n---\nLast one\r\n')).toEqual([
      'You are terse.',
      '# Friendly\nYou are warm.',
      'Last one',
    ]);
    // Dashes inside a line, or more than three, are text.
    expect(splitPrompts('Use -- or --- in prose.\n----\nStill one')).toEqual([
      'Use -- or --- in prose.\n----\nStill one',
    ]);
  });

  it('names a prompt by its first line, without a heading mark', () => {
    expect(nameFromFirstLine('# Friendly support\nYou are warm.')).toBe('Friendly support');
    expect(nameFromFirstLine('You are terse.')).toBe('You are terse.');
    expect(nameFromFirstLine('x'.repeat(300))).toHaveLength(200);
  });
});
