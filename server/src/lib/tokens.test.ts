import { countTokens as countWhole } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { countOpenAiTokens, countTokens } from './tokens.js';

describe('token counts', () => {
  it(
    'are exact for prose, and count a 200,000-character run of one letter, of spaces or of emoji in pieces',
    { timeout: 20_000 },
    () => {
      const prose = 'The quick brown fox jumps over the lazy dog.\n\n'.repeat(500);
      expect(countTokens(prose)).toBe(countWhole(prose));
      // Counted whole, the first takes the tokenizer about 90 s: past the test's time limit.
      expect(countTokens('a'.repeat(200_000))).toBe(25_000);
      expect(countTokens(' '.repeat(200_000))).toBeGreaterThan(0);
      expect(countOpenAiTokens('gpt-4', '😀'.repeat(100_000))).toBeGreaterThan(0);
    },
  );
});
