import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@promptgrid/contract';
import { createTestApp, databaseKinds, signedInClient, type TestClient } from '../../test/harness.js';
import { insertEvaluation } from '../../test/evaluation-fixture.js';
import { itemAt } from '@promptgrid/test-support';

type Owner = { client: TestClient; userId: number; projectId: number; evaluationIds: number[] };

describe.each(databaseKinds)('deleting a project, a run or an account removes every row of it on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx?.close());

  const sql = async <Row extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await ctx.database.executeSql<Row>(text, values)).rows;

  /** How many rows name one of `ids` in `column`, per table that has such a column (every table, not a list). */
  async function rowsNaming(column: 'user_id' | 'project_id' | 'evaluation_id', ids: number[]) {
    const tables = await sql<{ table_name: string }>(
      `SELECT table_name FROM information_schema.columns
        WHERE column_name = $1 AND table_schema = current_schema() ORDER BY table_name`,
      [column],
    );
    const counts: Record<string, number> = {};
    for (const { table_name } of tables) {
      const row = itemAt(
        await sql<{ n: number }>(`SELECT count(*)::int AS n FROM "${table_name}" WHERE ${column} = ANY ($1::int[])`, [
          ids,
        ]),
        0,
      );
      counts[table_name] = row.n;
    }
    return counts;
  }

  const nonEmpty = (counts: Record<string, number>) => Object.entries(counts).filter(([, n]) => n > 0);

  /**
   * A user with a project holding an input, a system prompt and a check, and two runs that have rows in every table a
   * run has: requests, results, scores, judge tasks, an earlier outcome, a rating, a vote and a share link.
   */
  async function ownerWithRuns(email: string): Promise<Owner> {
    const client = await signedInClient(ctx.app, email);
    const userId = client.user.id;
    const model = itemAt((await client.get(ROUTES.models)).json<{ id: number }[]>(), 0);
    const projectId = (await client.post(ROUTES.projects, { name: 'P', description: 'D' })).json().id as number;
    const input = (await client.post(ROUTES.inputs(projectId), { name: 'I', content: 'hello' })).json();
    const configuration = (
      await client.post(ROUTES.configurations(projectId), {
        name: 'C',
        prompt_content: 'Be brief.',
        ai_model_id: model.id,
      })
    ).json();
    const check = (
      await client.post(ROUTES.checks(projectId), { name: 'Says hi', type: 'contains', value: 'hi' })
    ).json();
    const evaluationIds: number[] = [];
    for (let run = 0; run < 2; run++) {
      const { evaluationId, requestIds } = await insertEvaluation(ctx.database.db, {
        userId,
        projectId,
        configurations: [{ id: configuration.id, name: 'C' }],
        inputs: [{ id: input.id, name: 'I', content: 'hello' }],
        requests: [
          { input: input.id, configuration: configuration.id, status: 'SUCCESS', output: 'hi' },
          { input: input.id, configuration: configuration.id, status: 'SUCCESS', output: 'hello', repetition: 1 },
        ],
      });
      const [first, second] = requestIds as [number, number];
      // Ids only (numbers the test made), so the statements can go as one text.
      await sql(`
        INSERT INTO scores (evaluation_id, api_request_id, check_id, pass, score)
          VALUES (${evaluationId}, ${first}, ${check.id}, true, 1);
        INSERT INTO judge_tasks (evaluation_id, api_request_id, check_id, provider, status)
          VALUES (${evaluationId}, ${first}, ${check.id}, 'mock', 'DONE');
        INSERT INTO result_history (evaluation_id, api_request_id, status, output, finished_at)
          VALUES (${evaluationId}, ${first}, 'SUCCESS', 'earlier', now());
        INSERT INTO ratings (api_request_id, evaluation_id, rating) VALUES (${first}, ${evaluationId}, 1);
        INSERT INTO votes (evaluation_id, input_id, left_request_id, right_request_id, winner)
          VALUES (${evaluationId}, ${input.id}, ${first}, ${second}, 'left')`);
      expect((await client.post(`/api/evaluations/${evaluationId}/share/`)).statusCode).toBe(201);
      evaluationIds.push(evaluationId);
    }
    return { client, userId, projectId, evaluationIds };
  }

  /** Two requests, results and a share link per run; one row each in the other tables. */
  async function expectEveryRowOf(evaluationIds: number[]) {
    const runs = evaluationIds.length;
    expect(await rowsNaming('evaluation_id', evaluationIds)).toEqual({
      api_requests: 2 * runs,
      evaluation_shares: runs,
      judge_tasks: runs,
      ratings: runs,
      result_history: runs,
      results: 2 * runs,
      scores: runs,
      votes: runs,
    });
  }

  it('deleting a project leaves no row of it or of its runs, and the other user keeps theirs', async () => {
    const alice = await ownerWithRuns('cascade-project@example.com');
    const bob = await ownerWithRuns('cascade-bystander@example.com');
    await expectEveryRowOf(alice.evaluationIds);
    expect((await alice.client.delete(ROUTES.project(alice.projectId))).statusCode).toBe(204);
    expect(nonEmpty(await rowsNaming('evaluation_id', alice.evaluationIds))).toEqual([]);
    expect(nonEmpty(await rowsNaming('project_id', [alice.projectId]))).toEqual([]);
    await expectEveryRowOf(bob.evaluationIds);
  });

  it('deleting a run leaves no row of it; the project and its other run stay', async () => {
    const carol = await ownerWithRuns('cascade-run@example.com');
    const [deleted, kept] = carol.evaluationIds as [number, number];
    expect((await carol.client.delete(ROUTES.evaluation(deleted))).statusCode).toBe(204);
    expect(nonEmpty(await rowsNaming('evaluation_id', [deleted]))).toEqual([]);
    await expectEveryRowOf([kept]);
    expect((await rowsNaming('project_id', [carol.projectId])).evaluations).toBe(1);
  });

  it('deleting an account leaves no row of the user, their projects or their runs', async () => {
    const dave = await ownerWithRuns('cascade-account@example.com');
    const deleted = await dave.client.request('DELETE', ROUTES.account, { email: 'cascade-account@example.com' });
    expect(deleted.statusCode).toBe(204);
    expect(nonEmpty(await rowsNaming('evaluation_id', dave.evaluationIds))).toEqual([]);
    expect(nonEmpty(await rowsNaming('project_id', [dave.projectId]))).toEqual([]);
    expect(nonEmpty(await rowsNaming('user_id', [dave.userId]))).toEqual([]);
  });
});
