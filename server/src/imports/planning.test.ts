import { describe, expect, it } from 'vitest';
import { LIMITS } from '@promptgrid/contract';
import { HttpError } from '../http/errors.js';
import { planUploadedImport, type UploadedImport } from './planning.js';
import { YAML_MAX_BYTES } from './yaml.js';

const models = [{ id: 1, company: 'OpenAI', model_name: 'gpt-4o-mini' }];
const refusal = (upload: UploadedImport) => {
  try {
    planUploadedImport(upload);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return { status: (error as HttpError).statusCode, fields: (error as HttpError).fields };
  }
  return expect.fail('the import was planned');
};
const lines = (count: number, line: (n: number) => string) => Array.from({ length: count }, (_, n) => line(n));

describe('planning an import of more rows than the inputs import takes', () => {
  it(`refuses more than ${LIMITS.importMaxRows} tests with a 400 naming the limit`, () => {
    const csv = ['question,__expected', ...lines(LIMITS.importMaxRows + 1, (n) => `q${n},contains:x`)].join('\n');
    const upload: UploadedImport = {
      files: [
        { name: 'promptfooconfig.yaml', data: 'prompts: [x]\ntests: file://tests.csv\n' },
        { name: 'tests.csv', data: csv },
      ],
      format: 'promptfoo',
      models,
    };
    expect(refusal(upload)).toEqual({
      status: 400,
      fields: { files: [`At most ${LIMITS.importMaxRows} tests can be imported at once.`] },
    });
  });

  it(`plans ${LIMITS.importMaxRows} tests sharing one check as one check over all of them`, () => {
    const csv = ['question,__expected', ...lines(LIMITS.importMaxRows, (n) => `q${n},contains:x`)].join('\n');
    const plan = planUploadedImport({
      files: [
        { name: 'promptfooconfig.yaml', data: 'prompts: [x]\ntests: file://tests.csv\n' },
        { name: 'tests.csv', data: csv },
      ],
      format: 'promptfoo',
      models,
    });
    expect(plan.inputs).toHaveLength(LIMITS.importMaxRows);
    expect(plan.checks.map((check) => [check.type, check.value, check.inputs?.length])).toEqual([
      ['contains', 'x', LIMITS.importMaxRows],
    ]);
  });

  it(`refuses more than ${LIMITS.importMaxRows} OpenAI Evals samples with a 400 naming the limit`, () => {
    const registry =
      'big:\n  id: big.v0\nbig.v0:\n  class: evals.elsuite.basic.match:Match\n  args:\n    samples_jsonl: s.jsonl\n';
    const sample = JSON.stringify({ input: [{ role: 'user', content: 'Hi' }], ideal: 'Hello' });
    const upload: UploadedImport = {
      files: [
        { name: 'big.yaml', data: registry },
        { name: 's.jsonl', data: lines(LIMITS.importMaxRows + 1, () => sample).join('\n') },
      ],
      format: 'auto',
      models,
    };
    expect(refusal(upload)).toEqual({
      status: 400,
      fields: { files: [`s.jsonl: at most ${LIMITS.importMaxRows} samples can be imported at once.`] },
    });
  });

  it(`refuses YAML files larger than ${YAML_MAX_BYTES / 1024 / 1024} MB together before parsing the one past it`, () => {
    // Each under the limit alone: four 2 MB test files once took 25 s to parse.
    const comment = `# ${'x'.repeat(YAML_MAX_BYTES / 2)}\n`;
    const upload: UploadedImport = {
      files: [
        { name: 'promptfooconfig.yaml', data: 'prompts: [x]\ntests: [file://a.yaml, file://b.yaml]\n' },
        { name: 'a.yaml', data: comment },
        { name: 'b.yaml', data: comment },
      ],
      format: 'promptfoo',
      models,
    };
    expect(refusal(upload)).toEqual({
      status: 400,
      fields: {
        files: [
          'b.yaml: the YAML and JSON files read are larger than 1 MB together; put a large test set in a CSV file.',
        ],
      },
    });
  });
});
