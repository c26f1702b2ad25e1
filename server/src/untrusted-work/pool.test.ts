import { afterAll, describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.js';
import { closeUntrustedPool, runUntrusted, UNTRUSTED_WORK_MAX_QUEUE } from './pool.js';

afterAll(closeUntrustedPool);

const models = [{ id: 1, company: 'OpenAI', model_name: 'gpt-4o-mini' }];
const config = `prompts: ['Answer: {{question}}']\nproviders: [openai:gpt-4o-mini]\ntests:\n  - vars: {question: hi}\n`;
const what = 'Reading the import';
/** Tests that take the parser seconds: a job that runs past a short deadline. */
const slowImport = {
  files: [
    { name: 'promptfooconfig.yaml', data: 'tests: file://tests.yaml\n' },
    { name: 'tests.yaml', data: '- vars: {question: "a question of some length"}\n'.repeat(40_000) },
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
    const plan = await runUntrusted(
      'planProjectImport',
      { files: [{ name: 'promptfooconfig.yaml', data: config }], format: 'promptfoo', models },
      { what },
    );
    expect(plan.inputs.map((input) => input.content)).toEqual(['hi']);
  });

  it("throws a task's HttpError as it was thrown, with its fields", async () => {
    const error = await failureOf(
      runUntrusted(
        'planProjectImport',
        { files: [{ name: 'notes.txt', data: 'x' }], format: 'auto', models },
        { what },
      ),
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error.statusCode).toBe(400);
    expect(error.fields).toEqual({ files: [expect.stringContaining('No promptfooconfig.yaml')] });
  });

  it('stops a job past its deadline with a 422 naming the limit, and runs the next one', async () => {
    const error = await failureOf(runUntrusted('planProjectImport', slowImport, { deadlineMs: 300, what }));
    expect(error.statusCode).toBe(422);
    expect(error.message).toBe('Reading the import took longer than 300 ms and was stopped.');
    const plan = await runUntrusted(
      'planProjectImport',
      { files: [{ name: 'promptfooconfig.yaml', data: config }], format: 'promptfoo', models },
      { what },
    );
    expect(plan.inputs).toHaveLength(1);
  });

  it('refuses a job with a 503 while the queue is full, rather than growing it', async () => {
    const jobs = Array.from({ length: UNTRUSTED_WORK_MAX_QUEUE + 3 }, () =>
      failureOf(runUntrusted('planProjectImport', slowImport, { deadlineMs: 500, what })),
    );
    const statuses = (await Promise.all(jobs)).map((error) => error.statusCode);
    expect(statuses).toContain(503);
    expect(statuses.filter((status) => status !== 503).every((status) => status === 422)).toBe(true);
  });
});
