// Run-to-run trends: did last week's prompt change help? Pass rate per configuration over a project's runs.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { TREND_RUNS, type ProjectTrends, type TrendPoint, type TrendsQuery } from '@promptgrid/contract';
import type { Db } from '../db/client.js';
import { apiRequests, evaluations, scores, type RunSnapshot } from '../db/schema.js';
import { assertAllowed } from '../access/policy.js';

/** Check verdicts per run and configuration; a score that ended in an error has no pass and is left out. */
function readPassTotals(db: Db, evaluationIds: number[]) {
  return db
    .select({
      evaluationId: scores.evaluationId,
      configurationId: apiRequests.configurationId,
      passed: sql<number>`count(*) filter (where ${scores.pass})::int`,
      total: sql<number>`count(${scores.pass})::int`,
    })
    .from(scores)
    .innerJoin(apiRequests, eq(apiRequests.id, scores.apiRequestId))
    .where(inArray(scores.evaluationId, evaluationIds))
    .groupBy(scores.evaluationId, apiRequests.configurationId);
}

/**
 * The project's latest TREND_RUNS runs, a series per configuration name (a renamed configuration starts a new one,
 * a new version of the same name continues it), each point a run's pass rate, oldest first. Mock runs only when
 * asked for: their canned outputs would read as a change in the prompt.
 */
export async function readProjectTrends(
  db: Db,
  userId: number,
  projectId: number,
  { include_mock }: TrendsQuery,
): Promise<ProjectTrends> {
  await assertAllowed(db, userId, 'read', 'project', projectId);
  const runs = await db
    .select({
      id: evaluations.id,
      name: evaluations.name,
      createdAt: evaluations.createdAt,
      useMock: evaluations.useMock,
      totalRequests: evaluations.totalRequests,
      repetitions: evaluations.repetitions,
      // Only the configurations: a run's frozen inputs can be thousands of rows.
      configurations: sql<RunSnapshot['configurations']>`${evaluations.snapshot} -> 'configurations'`,
    })
    .from(evaluations)
    .where(
      and(
        eq(evaluations.userId, userId),
        eq(evaluations.projectId, projectId),
        include_mock ? undefined : eq(evaluations.useMock, false),
      ),
    )
    .orderBy(desc(evaluations.createdAt), desc(evaluations.id))
    .limit(TREND_RUNS);
  const totals =
    runs.length === 0
      ? []
      : await readPassTotals(
          db,
          runs.map((run) => run.id),
        );
  const totalOf = new Map(totals.map((t) => [`${t.evaluationId}:${t.configurationId}`, t]));
  const series = new Map<string, TrendPoint[]>();
  for (const run of runs.toReversed()) {
    const prompts = run.configurations.length;
    const runSize = {
      prompts,
      inputs: prompts === 0 ? 0 : Math.round(run.totalRequests / (prompts * run.repetitions)),
    };
    for (const configuration of run.configurations) {
      const total = totalOf.get(`${run.id}:${configuration.id}`);
      if (!total || total.total === 0) continue;
      const points = series.get(configuration.name) ?? [];
      points.push({
        evaluation_id: run.id,
        evaluation_name: run.name,
        run_size: runSize,
        created_at: run.createdAt.toISOString(),
        configuration_id: configuration.id,
        version: configuration.version ?? null,
        pass_rate: total.passed / total.total,
        checks_passed: total.passed,
        checks_total: total.total,
        use_mock: run.useMock,
      });
      series.set(configuration.name, points);
    }
  }
  return { runs: runs.length, series: [...series].map(([name, points]) => ({ name, points })) };
}
