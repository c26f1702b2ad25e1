import { describe, expect, it } from 'vitest';
import { toolArgumentParts, toolArgumentValue } from './tool-argument-value';

describe("a 'Tool argument equals' check's two fields", () => {
  it('keeps the path and reads the wanted value as JSON when it is JSON, else as text; empty means the expected output', () => {
    expect(toolArgumentValue({ path: '$.city', equals: 'Paris' })).toBe('{"path":"$.city","equals":"Paris"}');
    expect(toolArgumentValue({ path: '$.days', equals: '3' })).toBe('{"path":"$.days","equals":3}');
    expect(toolArgumentValue({ path: '$.days', equals: '"3"' })).toBe('{"path":"$.days","equals":"3"}');
    expect(toolArgumentValue({ path: '$.city', equals: ' ' })).toBe('{"path":"$.city"}');
    expect(toolArgumentValue({ path: '', equals: '' })).toBe('');
  });

  it('shows a stored value in its fields, and nothing for a value that is not one', () => {
    expect(toolArgumentParts('{"path":"$.days","equals":3}')).toEqual({ path: '$.days', equals: '3' });
    expect(toolArgumentParts('{"path":"$.city","equals":"Paris"}')).toEqual({ path: '$.city', equals: '"Paris"' });
    expect(toolArgumentParts('{"path":"$.city"}')).toEqual({ path: '$.city', equals: '' });
    expect(toolArgumentParts('Paris')).toEqual({ path: '', equals: '' });
  });
});
