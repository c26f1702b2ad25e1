import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SaveCheckInput } from '@promptgrid/contract';
import { compileRule } from './rules.js';

const text = fc.string({ unit: 'grapheme', maxLength: 80 });

describe('rule checks on generated outputs', () => {
  it('contains and not_contains always disagree, and follow String.includes', () => {
    fc.assert(
      fc.property(
        text,
        text.filter((needle) => needle !== ''),
        (output, needle) => {
          const contains = compileRule('contains', needle)(output, null)!;
          const absent = compileRule('not_contains', needle)(output, null)!;
          expect(contains.pass).toBe(output.includes(needle));
          expect(absent.pass).toBe(!contains.pass);
          expect([contains.score, absent.score].sort()).toEqual([0, 1]);
        },
      ),
    );
  });

  it('max_chars passes exactly when the output has at most that many code points', () => {
    fc.assert(
      fc.property(text, fc.nat({ max: 100 }), (output, limit) => {
        expect(compileRule('max_chars', String(limit))(output, null)!.pass).toBe([...output].length <= limit);
      }),
    );
  });

  it('is_json and an empty JSON Schema pass every serialised JSON value, and nothing JSON.parse refuses', async () => {
    const isJson = compileRule('is_json', '');
    const anySchema = compileRule('json_schema', '{}');
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const output = JSON.stringify(value);
        expect(isJson(output, null)!.pass).toBe(true);
        expect((await anySchema(output, null))!.pass).toBe(true);
      }),
      { numRuns: 50 },
    );
    fc.assert(
      fc.property(text, (output) => {
        let parses = true;
        try {
          JSON.parse(output);
        } catch {
          parses = false;
        }
        expect(isJson(output, null)!.pass).toBe(parses);
      }),
    );
  });

  it('a regex the contract accepts always compiles on the server, and one it refuses never reaches it', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (pattern) => {
        const parsed = SaveCheckInput.safeParse({ name: 'r', type: 'regex', value: pattern });
        if (parsed.success) expect(() => compileRule('regex', pattern)).not.toThrow();
        else if (pattern.trim() !== '') expect(() => compileRule('regex', pattern)).toThrow();
      }),
    );
  });
});
