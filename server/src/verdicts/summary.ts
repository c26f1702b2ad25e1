import { eq, sql } from 'drizzle-orm';
import { MOCK_OUTPUTS_NOTE, type ConfigurationSummary } from '@promptgrid/contract';
import type { Db } from '../db/client.js';
import { apiRequests, judgeTasks, ratings, scores, votes } from '../db/schema.js';
import { readOwnedEvaluation } from './evaluation.js';

const int = (value: unknown) => Number(value ?? 0);
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** Requests, outcomes, time and tokens per configuration. */
function readRequestTotals(db: Db, evaluationId: number) {
  return db
    .select({
      configurationId: apiRequests.configurationId,
      requests: sql<number>`count(*)::int`,
      succeeded: sql<number>`count(*) filter (where ${apiRequests.status} = 'SUCCESS')::int`,
      failed: sql<number>`count(*) filter (where ${apiRequests.status} = 'FAILED')::int`,
      averageExecutionTime: sql<
        number | null
      >`avg(${apiRequests.executionTime}) filter (where ${apiRequests.status} = 'SUCCESS')`,
      inputTokens: sql<number>`coalesce(sum(${apiRequests.inputTokenTotalCount}), 0)::int`,
      outputTokens: sql<number>`coalesce(sum(${apiRequests.outputTokenCount}), 0)::int`,
      costUsd: sql<number | null>`sum(${apiRequests.costUsd})`,
    })
    .from(apiRequests)
    .where(eq(apiRequests.evaluationId, evaluationId))
    .groupBy(apiRequests.configurationId);
}

/**
 * Verdicts per configuration and check; a score that ended in an error has no pass and is left out of both counts.
 * The mean score is kept as a sum and a count, so a configuration's mean over all its checks adds them up.
 */
function readScoreTotals(db: Db, evaluationId: number) {
  return db
    .select({
      configurationId: apiRequests.configurationId,
      checkId: scores.checkId,
      passed: sql<number>`count(*) filter (where ${scores.pass})::int`,
      total: sql<number>`count(${scores.pass})::int`,
      scoreSum: sql<number | null>`sum(${scores.score})`,
      scored: sql<number>`count(${scores.score})::int`,
    })
    .from(scores)
    .innerJoin(apiRequests, eq(apiRequests.id, scores.apiRequestId))
    .where(eq(scores.evaluationId, evaluationId))
    .groupBy(apiRequests.configurationId, scores.checkId)
    .orderBy(scores.checkId);
}

/** The judges' usage per configuration, every answer counted (retries of an unreadable answer too). */
function readJudgeTokenTotals(db: Db, evaluationId: number) {
  return db
    .select({
      configurationId: apiRequests.configurationId,
      inputTokens: sql<number>`coalesce(sum(${judgeTasks.inputTokens}), 0)::int`,
      outputTokens: sql<number>`coalesce(sum(${judgeTasks.outputTokens}), 0)::int`,
    })
    .from(judgeTasks)
    .innerJoin(apiRequests, eq(apiRequests.id, judgeTasks.apiRequestId))
    .where(eq(judgeTasks.evaluationId, evaluationId))
    .groupBy(apiRequests.configurationId);
}

function readRatingTotals(db: Db, evaluationId: number) {
  return db
    .select({
      configurationId: apiRequests.configurationId,
      up: sql<number>`count(*) filter (where ${ratings.rating} = 1)::int`,
      down: sql<number>`count(*) filter (where ${ratings.rating} = -1)::int`,
    })
    .from(ratings)
    .innerJoin(apiRequests, eq(apiRequests.id, ratings.apiRequestId))
    .where(eq(ratings.evaluationId, evaluationId))
    .groupBy(apiRequests.configurationId);
}

type Outcome = 'won' | 'lost' | 'tied';

/**
 * The votes one side (left or right) took part in, as that side's configuration saw them: won, lost or tied (a "both
 * bad" vote prefers neither side, so it counts as tied).
 */
async function readVoteSide(db: Db, evaluationId: number, side: 'left' | 'right') {
  const rows = await db
    .select({ configurationId: apiRequests.configurationId, winner: votes.winner, n: sql<number>`count(*)::int` })
    .from(votes)
    .innerJoin(apiRequests, eq(apiRequests.id, side === 'left' ? votes.leftRequestId : votes.rightRequestId))
    .where(eq(votes.evaluationId, evaluationId))
    .groupBy(apiRequests.configurationId, votes.winner);
  return rows.map((row) => ({
    configurationId: row.configurationId,
    outcome: row.winner === side ? 'won' : row.winner === 'left' || row.winner === 'right' ? 'lost' : 'tied',
    n: int(row.n),
  }));
}

/** Best first: pass rate, then win rate, then mean score; a configuration with nothing to rate goes below. */
function byStanding(a: ConfigurationSummary, b: ConfigurationSummary) {
  for (const key of ['pass_rate', 'win_rate', 'mean_score'] as const) {
    const [x, y] = [a[key] ?? -1, b[key] ?? -1];
    if (x !== y) return y - x;
  }
  return 0;
}

/** The leaderboard: one line per configuration of the run, best first. */
export async function readSummary(db: Db, userId: number, evaluationId: number): Promise<ConfigurationSummary[]> {
  const evaluation = await readOwnedEvaluation(db, userId, evaluationId);
  const [requestTotals, scoreTotals, ratingTotals, leftVotes, rightVotes, judgeTotals] = await Promise.all([
    readRequestTotals(db, evaluationId),
    readScoreTotals(db, evaluationId),
    readRatingTotals(db, evaluationId),
    readVoteSide(db, evaluationId, 'left'),
    readVoteSide(db, evaluationId, 'right'),
    readJudgeTokenTotals(db, evaluationId),
  ]);
  const voteSides = leftVotes.concat(rightVotes);
  const rows = evaluation.snapshot.configurations.map((configuration): ConfigurationSummary => {
    const id = configuration.id;
    const r = requestTotals.find((t) => t.configurationId === id);
    const checks = scoreTotals.filter((t) => t.configurationId === id);
    const sum = (field: 'passed' | 'total' | 'scored') => checks.reduce((n, t) => n + int(t[field]), 0);
    const scored = sum('scored');
    const checksPassed = sum('passed');
    const g = ratingTotals.find((t) => t.configurationId === id);
    const j = judgeTotals.find((t) => t.configurationId === id);
    const votesOf = (outcome: Outcome) =>
      voteSides.reduce((n, v) => (v.configurationId === id && v.outcome === outcome ? n + v.n : n), 0);
    const [won, lost, tied] = [votesOf('won'), votesOf('lost'), votesOf('tied')];
    const checksTotal = sum('total');
    const cast = won + lost + tied;
    return {
      configuration_id: id,
      requests: int(r?.requests),
      succeeded: int(r?.succeeded),
      failed: int(r?.failed),
      checks_passed: checksPassed,
      checks_total: checksTotal,
      pass_rate: checksTotal === 0 ? null : checksPassed / checksTotal,
      checks: checks.map((t) => ({
        check_id: t.checkId,
        passed: int(t.passed),
        total: int(t.total),
        pass_rate: int(t.total) === 0 ? null : int(t.passed) / int(t.total),
      })),
      mean_score: scored === 0 ? null : checks.reduce((n, t) => n + Number(t.scoreSum ?? 0), 0) / scored,
      average_execution_time: numberOrNull(r?.averageExecutionTime),
      cost_usd: numberOrNull(r?.costUsd),
      input_tokens: int(r?.inputTokens),
      output_tokens: int(r?.outputTokens),
      judge_input_tokens: int(j?.inputTokens),
      judge_output_tokens: int(j?.outputTokens),
      rating_up: int(g?.up),
      rating_down: int(g?.down),
      votes_won: won,
      votes_lost: lost,
      votes_tied: tied,
      win_rate: cast === 0 ? null : (won + tied / 2) / cast,
      notice: evaluation.useMock ? MOCK_OUTPUTS_NOTE : null,
    };
  });
  return rows.sort(byStanding);
}
