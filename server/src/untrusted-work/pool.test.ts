import { afterAll, describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.js';
import { closeUntrustedPool, runUntrusted, UNTRUSTED_WORK_MAX_QUEUE } from './pool.js';

afterAll(closeUntrustedPool);

const models = [{ id: 1, company: 'OpenAI', model_name: 'gpt-4o-mini' }];
const config = `prompts: ['Answer: {{question}}']\nproviders: [openai:gpt-4o-mini]\ntests:\n  - vars: {question: hi}\n`;
const what = 'Reading the import';
/** Tests that take the parser seconds (under the 1 MB of YAML an import may parse): a job past a short deadline. */
const slowImport = {
  files: [
    { name: 'promptfooconfig.yaml', data: 'tests: file://tests.yaml\n' },
    { name: 'tests.yaml', data: '- vars: {question: "a question of some length"}\n'.repeat(20_000) },
  ],
  format: 'promptfoo' as const,
  models,
};

const failureOf = (job: Promise<unknown>) =>
  job.then(
    () => expect.fail('the job succeeded'),
    (error: unknown) => error as HttpError,
  );

describe('runUntrusted', () => {
  it('runs a task on a thread and answers its value', async () => {
    const read = await runUntrusted(
      'checkedProjectImport',
      { files: [{ name: 'promptfooconfig.yaml', data: config }], format: 'promptfoo', models },
      { what },
    );
    expect(read.inputs.map((input) => input.content)).toEqual(['hi']);
  });

  it("throws a task's HttpError as it was thrown, with its fields", async () => {
    const error = await failureOf(
      runUntrusted(
        'checkedProjectImport',
        { files: [{ name: 'notes.txt', data: 'x' }], format: 'auto', models },
        { what },
      ),
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error.statusCode).toBe(400);
    expect(error.fields).toEqual({ files: [expect.stringContaining('No promptfooconfig.yaml')] });
  });

  it('stops a job past its deadline with a 422 naming the limit, and runs the next one', async () => {
    const error = await failureOf(runUntrusted('previewProjectImport', slowImport, { deadlineMs: 300, what }));
    expect(error.statusCode).toBe(422);
    expect(error.message).toBe('Reading the import took longer than 300 ms and was stopped.');
    const report = await runUntrusted(
      'previewProjectImport',
      { files: [{ name: 'promptfooconfig.yaml', data: config }], format: 'promptfoo', models },
      { what },
    );
    expect(report.inputs).toBe(1);
  });

  it('refuses a job with a 503 while the queue is full, rather than growing it', async () => {
    const jobs = Array.from({ length: UNTRUSTED_WORK_MAX_QUEUE + 3 }, () =>
      failureOf(runUntrusted('previewProjectImport', slowImport, { deadlineMs: 60_000, what })),
    );
    expect((await jobs.at(-1))?.statusCode).toBe(503);
    // The jobs before it are still queued or running: closing the pool stops them.
    await closeUntrustedPool();
    await Promise.all(jobs);
  });
});
