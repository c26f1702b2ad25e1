import { describe, expect, it } from 'vitest';
import { clearFixedError, requiredError } from './field-errors';

describe('clearFixedError', () => {
  const errors = { name: 'Name is required.', description: 'Description is required.' };
  it("clears only the fixed field's error", () => {
    expect(clearFixedError(errors, 'description', requiredError('A summary', 'Description is required.'))).toEqual({
      name: 'Name is required.',
      description: undefined,
    });
  });
  it('keeps the error while the value is still invalid', () => {
    expect(clearFixedError(errors, 'name', requiredError('   ', 'Name is required.'))).toBe(errors);
  });
  it('returns the same object when the field had no error', () => {
    const none = { name: undefined };
    expect(clearFixedError(none, 'name', undefined)).toBe(none);
  });
});
