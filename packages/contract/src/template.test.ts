import { describe, expect, it } from 'vitest';
import { fillTemplate, templateVariables } from './template.js';

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
});
