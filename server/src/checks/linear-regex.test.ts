import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@promptgrid/contract';
import { createTestApp, embeddedDatabaseOnly, signedInClient, type TestClient } from '../../test/harness.js';
import { insertEvaluation } from '../../test/evaluation-fixture.js';
import { unsupportedConstruct } from './linear-regex.js';
import { REGEX_JOB_TIMEOUT_MS } from './regex-thread.js';

describe('constructs the linear-time engine cannot run', () => {
  it('names backreferences and lookarounds outside classes and escapes', () => {
    expect(unsupportedConstruct('(a)\\1')).toBe('the backreference \\1');
    expect(unsupportedConstruct('(?<n>a)\\k<n>')).toBe('the named backreference \\k<…>');
    expect(unsupportedConstruct('a(?=b)')).toBe('the lookahead (?=…)');
    expect(unsupportedConstruct('a(?!b)')).toBe('the negative lookahead (?!…)');
    expect(unsupportedConstruct('(?<=a)b')).toBe('the lookbehind (?<=…)');
    expect(unsupportedConstruct('(?<!a)b')).toBe('the negative lookbehind (?<!…)');
    expect(unsupportedConstruct('\\(?=x [(?=] \\\\d (?<name>a) (?:b)')).toBeNull();
  });
});

describe.each(embeddedDatabaseOnly)('the regex check on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx?.close());

  /** A project whose one run stored `outputs`, one request each. */
  async function runWithOutputs(client: TestClient & { user: { id: number } }, outputs: string[]) {
    const project = (await client.post(ROUTES.projects, { name: 'P', description: 'D' })).json().id as number;
    const model = (await client.get(ROUTES.models)).json()[0].id as number;
    const configuration = (
      await client.post(ROUTES.configurations(project), { name: 'A', prompt_content: 'You are A.', ai_model_id: model })
    ).json<{ id: number; name: string }>();
    const { evaluationId } = await insertEvaluation(ctx.database.db, {
      userId: client.user.id,
      projectId: project,
      configurations: [configuration],
      inputs: [],
      requests: outputs.map((output) => ({ input: null, configuration: configuration.id, status: 'SUCCESS', output })),
    });
    return { project, evaluationId };
  }

  it('refuses backreferences and lookarounds with 400 naming the construct, on save and on preview', async () => {
    const alice = await signedInClient(ctx.app);
    const { project, evaluationId } = await runWithOutputs(alice, ['aa']);
    for (const [value, construct] of [
      ['(a)\\1', 'the backreference \\1'],
      ['(?<=a)b', 'the lookbehind (?<=…)'],
    ]) {
      const expected = {
        value: [`The regex check runs in linear time and cannot use ${construct}; rewrite the pattern without it.`],
      };
      for (const route of [ROUTES.checks(project), ROUTES.checkPreview(evaluationId)]) {
        const refused = await alice.post(route, { name: 'r', type: 'regex', value });
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual(expected);
      }
    }
    expect((await alice.get(ROUTES.checks(project))).json()).toEqual([]);
  });

  it('decides (a+)+b on long outputs, and gives an error verdict for a search that runs too long', async () => {
    const alice = await signedInClient(ctx.app);
    const long = 'a'.repeat(100_000);
    const words = `${'word '.repeat(40_000)}!`;
    const { evaluationId } = await runWithOutputs(alice, [long, `${long}b`, words]);
    const catastrophic = await alice.post(ROUTES.checkPreview(evaluationId), {
      name: 'r',
      type: 'regex',
      value: '(a+)+b',
    });
    const slow = await alice.post(ROUTES.checkPreview(evaluationId), {
      name: 'r',
      type: 'regex',
      value: '(?:\\w|\\s){1,500}$',
    });
    expect(catastrophic.statusCode, catastrophic.body).toBe(200);
    expect(catastrophic.json().map((v: { pass: boolean }) => v.pass)).toEqual([false, true, false]);
    expect(slow.statusCode, slow.body).toBe(200);
    expect(slow.json()[2]).toMatchObject({
      pass: null,
      score: null,
      error: `The regular expression took over ${REGEX_JOB_TIMEOUT_MS} ms on this output.`,
    });
  });
});
