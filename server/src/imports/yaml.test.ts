import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.js';
import { readYaml, YAML_MAX_DEPTH } from './yaml.js';

const refusal = (text: string) => {
  try {
    readYaml(text, 'tests.yaml');
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return (error as HttpError).message;
  }
  return expect.fail('the YAML was read');
};

describe('readYaml', () => {
  it('reads sequences and keys nested on one line up to the depth limit', () => {
    const text = `${'- '.repeat(YAML_MAX_DEPTH - 1)}x\n`;
    let value: unknown = readYaml(text, 'tests.yaml').value;
    for (let depth = 1; depth < YAML_MAX_DEPTH; depth++) value = (value as unknown[])[0];
    expect(value).toBe('x');
    expect(readYaml('? a\n: b\n', 'keys.yaml').value).toEqual({ a: 'b' });
  });

  it('refuses 2 MB of `- - - …` before parsing it (6 s of parsing before)', () => {
    const started = performance.now();
    expect(refusal(`${'- '.repeat(1024 * 1024)}x\n`)).toBe(
      `tests.yaml: nested more than ${YAML_MAX_DEPTH} levels deep.`,
    );
    expect(refusal(`${'? '.repeat(1000)}x\n`)).toBe(`tests.yaml: nested more than ${YAML_MAX_DEPTH} levels deep.`);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
