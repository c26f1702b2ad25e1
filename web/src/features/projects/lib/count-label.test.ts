import { describe, expect, it } from 'vitest';
import { countLabel, systemPromptCount, userPromptCount } from './count-label';

describe('countLabel', () => {
  it('uses the singular for exactly one', () => {
    expect(systemPromptCount(1)).toBe('1 System Prompt');
    expect(userPromptCount(1)).toBe('1 User Prompt');
  });

  it('uses the plural for zero and for many', () => {
    expect(systemPromptCount(0)).toBe('0 System Prompts');
    expect(userPromptCount(2)).toBe('2 User Prompts');
    expect(userPromptCount(1000)).toBe('1000 User Prompts');
  });

  it('takes an irregular plural', () => {
    expect(countLabel(2, 'Analysis', 'Analyses')).toBe('2 Analyses');
    expect(countLabel(1, 'Analysis', 'Analyses')).toBe('1 Analysis');
  });
});
