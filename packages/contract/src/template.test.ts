import { describe, expect, it } from 'vitest';
import { filledLength, fillTemplate, templateShape, templateVariables } from './template.js';

describe('template syntax', () => {
  it('finds each variable once, in order, with spaces inside the braces and triple braces', () => {
    expect(templateVariables('Hi {{ name }}, from {{city}} to {{{name}}} and {{  _x1 }}')).toEqual([
      'name',
      'city',
      '_x1',
    ]);
  });

  it('leaves what is not a variable placeholder as written', () => {
    const text = '{{ 1 + 1 }} {{#list}} {{"a": 1}} {{}} { {x} } {{9lives}} {{a-b}}';
    expect(templateVariables(text)).toEqual([]);
    expect(fillTemplate(text, { x: 'X', list: 'L' })).toBe(text);
  });

  it('fills given variables, keeps unknown ones, and never rescans a value', () => {
    expect(fillTemplate('{{a}} and {{ b }} and {{{a}}} and {{c}}', { a: '{{b}}', b: '$1 & $&' })).toBe(
      '{{b}} and $1 & $& and {{b}} and {{c}}',
    );
  });

  it('does not take inherited object properties for variables', () => {
    expect(fillTemplate('{{constructor}} {{toString}}', {})).toBe('{{constructor}} {{toString}}');
  });

  it('sizes a filling exactly without building it', () => {
    const text = 'A {{a}} B {{ b }} {{{a}}} {{missing}} {{ 1 + 1 }}';
    const variables = { a: 'xyz', b: '' };
    expect(filledLength(templateShape(text), variables)).toBe(fillTemplate(text, variables).length);
    const amplified = templateShape('{{a}}'.repeat(40_000));
    expect(filledLength(amplified, { a: 'x'.repeat(12_000) })).toBe(480_000_000);
  });
});
