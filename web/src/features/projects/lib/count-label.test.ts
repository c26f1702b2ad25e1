import { describe, expect, it } from 'vitest';
import { countLabel, systemPromptCount, userPromptCount } from './count-label';

describe('countLabel', () => {
  it('uses the singular for exactly one', () => {
    expect(systemPromptCount(1)).toBe('1 system prompt');
    expect(userPromptCount(1)).toBe('1 user prompt');
  });

  it('uses the plural for zero and for many', () => {
    expect(systemPromptCount(0)).toBe('0 system prompts');
    expect(userPromptCount(2)).toBe('2 user prompts');
    expect(userPromptCount(1000)).toBe('1000 user prompts');
  });

  it('takes an irregular plural', () => {
    expect(countLabel(2, 'Analysis', 'Analyses')).toBe('2 Analyses');
    expect(countLabel(1, 'Analysis', 'Analyses')).toBe('1 Analysis');
  });
});
