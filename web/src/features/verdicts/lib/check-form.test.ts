import { describe, expect, it } from 'vitest';
import type { Check } from '@promptgrid/contract';
import { toPayload, valuesOf } from './check-form';

const check = (type: Check['type'], value: string) => ({ ...valuesOf(null), name: 'c', type, value });

describe('the check form payload', () => {
  it("keeps an equals_expected check's comparison when it is saved again, and drops other types' leftovers", () => {
    expect(toPayload(check('equals_expected', 'ignore_case')).value).toBe('ignore_case');
    expect(toPayload(check('equals_expected', 'exact')).value).toBe('exact');
    expect(toPayload(check('equals_expected', 'Paris')).value).toBe('');
    expect(toPayload(check('contains_expected', 'Paris')).value).toBe('');
    expect(toPayload(check('contains', 'Paris')).value).toBe('Paris');
  });
});
