import { describe, expect, it } from 'vitest';
import { canExpand, collapsedContent, truncateContent } from './truncate';

describe('truncateContent', () => {
  it('keeps content of 100 characters or fewer as it is', () => {
    const hundred = 'a'.repeat(100);
    expect(truncateContent(hundred)).toBe(hundred);
    expect(truncateContent('short')).toBe('short');
  });

  it('cuts content over 100 characters to 70 plus " ..."', () => {
    const text = 'b'.repeat(70) + 'c'.repeat(31);
    expect(truncateContent(text)).toBe(`${'b'.repeat(70)} ...`);
    expect(truncateContent(text)).toHaveLength(74);
  });
});

describe('canExpand', () => {
  it('is offered for long or multi-line content only', () => {
    expect(canExpand('x'.repeat(101))).toBe(true);
    expect(canExpand('one\ntwo')).toBe(true);
    expect(canExpand('x'.repeat(100))).toBe(false);
  });
});

describe('collapsedContent', () => {
  it('shows the first line of multi-line content', () => {
    expect(collapsedContent('first\nsecond')).toBe('first ...');
  });
  it('applies the length rule to the whole content first', () => {
    expect(collapsedContent(`${'d'.repeat(120)}\nmore`)).toBe(`${'d'.repeat(70)} ...`);
    const contract = `${'e'.repeat(90)}\n${'f'.repeat(90)}`;
    expect(collapsedContent(contract)).toBe(`${'e'.repeat(70)} ...`);
  });
});
