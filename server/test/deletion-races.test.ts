import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@promptgrid/contract';
import { itemAt } from '@promptgrid/test-support';
import { openDatabase } from '../src/db/client.js';
import { createTestDatabase, signedInClient, startTestApp, TestClient } from './harness.js';

/**
 * Two servers on one PostgreSQL database, as a deployment with several processes runs them: one deletes a project
 * while the other writes into it. Whatever wins, the writer hears 2xx, 404 or 409, never a 500.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('writes racing a project deletion on another server', () => {
  let close: () => Promise<void> = async () => {};
  let deleter: TestClient;
  let writer: TestClient;
  let modelId: number;

  beforeAll(async () => {
    const database = await createTestDatabase('postgres');
    const second = await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 10 });
    const env = {
      LOG_LEVEL: 'error',
      APP_ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
      SESSION_SECRET: 'x'.repeat(32),
    };
    const [one, two] = [await startTestApp(database, env), await startTestApp(second, env)];
    close = async () => {
      await one.app.close();
      await two.app.close();
      await second.close();
      await database.close();
    };
    deleter = await signedInClient(one.app);
    // The same browser session, its requests answered by the other server.
    writer = Object.assign(new TestClient(two.app), { cookies: deleter.cookies });
    modelId = itemAt((await deleter.get(ROUTES.models)).json<{ id: number }[]>(), 0).id;
  }, 60_000);
  afterAll(() => close());

  /** A project with one configuration, one input and one check, and the writes that race its deletion. */
  async function projectUnderWrites() {
    const project = (await deleter.post(ROUTES.projects, { name: 'Doomed', description: 'D' })).json().id as number;
    const configuration = (
      await deleter.post(ROUTES.configurations(project), { name: 'C', prompt_content: 'Hi', ai_model_id: modelId })
    ).json().id as number;
    const input = (await deleter.post(ROUTES.inputs(project), { name: 'I', content: 'Q' })).json().id as number;
    const check = (await deleter.post(ROUTES.checks(project), { name: 'K', type: 'contains', value: 'x' })).json()
      .id as number;
    return {
      project,
      writes: [
        () => writer.post(ROUTES.inputs(project), { name: 'I2', content: 'Q2' }),
        () => writer.post(ROUTES.inputsBulk(project), { ids: [input], action: 'archive' }),
        () =>
          writer.post(ROUTES.configurationsBulk(project), {
            configurations: [{ name: 'C3', prompt_content: 'Hey', ai_model_id: modelId }],
          }),
        () => writer.post(ROUTES.configurations(project), { name: 'C2', prompt_content: 'Yo', ai_model_id: modelId }),
        () =>
          writer.put(ROUTES.configuration(configuration), {
            name: 'C',
            prompt_content: 'Changed',
            ai_model_id: modelId,
          }),
        () => writer.patch(ROUTES.configuration(configuration), { is_active: false }),
        () => writer.post(ROUTES.configurationDuplicate(configuration)),
        () => writer.put(ROUTES.input(project, input), { name: 'I', content: 'Changed' }),
        () => writer.post(ROUTES.inputDuplicate(project, input)),
        () => writer.post(ROUTES.checks(project), { name: 'K2', type: 'contains', value: 'y' }),
        () => writer.put(ROUTES.check(check), { name: 'K', type: 'contains', value: 'z' }),
        () => writer.put(ROUTES.project(project), { name: 'Renamed', description: 'D' }),
        () =>
          writer.post(ROUTES.runEvaluation, {
            configuration_ids: [configuration],
            input_ids: [input],
            use_mock: true,
          }),
      ],
    };
  }

  it('answers each write 2xx, 404 or 409', { timeout: 240_000 }, async () => {
    const statuses = new Map<number, number>();
    const serverErrors: string[] = [];
    for (let round = 0; round < 40; round++) {
      const { project, writes } = await projectUnderWrites();
      // Every other round the deletion waits for the first write to be answered, so both orders are raced.
      const writing = writes.map((write) => write());
      const deletion =
        round % 2 === 0
          ? deleter.delete(ROUTES.project(project))
          : Promise.race(writing).then(() => deleter.delete(ROUTES.project(project)));
      const answers = await Promise.all([deletion, ...writing]);
      expect(itemAt(answers, 0).statusCode, itemAt(answers, 0).body).toBe(204);
      answers.slice(1).forEach((answer, i) => {
        statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
        if (answer.statusCode >= 500) serverErrors.push(`write ${i}: ${answer.statusCode} ${answer.body}`);
      });
    }
    expect(serverErrors).toEqual([]);
    // The race was run both ways: some writes landed before the deletion, some after it.
    expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
    expect([...statuses.keys()].some((status) => status === 404 || status === 409)).toBe(true);
  });
});
