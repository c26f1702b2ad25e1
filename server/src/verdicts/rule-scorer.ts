import type { Db } from '../db/client.js';
import type { ToolCall } from '@promptgrid/contract';
import {
  readRuleChecksOfEvaluation,
  readRunInputs,
  readRunTooling,
  RunSnapshotCache,
  toolFactsOf,
  type RunInput,
  type RunTooling,
} from './scores.js';
import { scoreOutputs, type RuleCheck, type RuleScore } from './scoring.js';

/**
 * A check edited during a run applies to the outputs written this long after; earlier ones keep the verdicts of the
 * checks as they were (a rescore brings them up to date). Reading the checks once per batch instead would cost a
 * statement per flush.
 */
const CHECKS_FRESH_MS = 5000;
const REMEMBERED_EVALUATIONS = 200;

/** What the rule checks score of a finished request (the engine's outcome has these and more). */
export type ScoredOutcome = {
  id: number;
  evaluation_id: number;
  input_id: number | null;
  configuration_id: number;
  status: 'SUCCESS' | 'FAILED';
  output: string | null;
  tool_calls?: ToolCall[] | null;
};

/** Scores a worker's finished requests with their project's rule checks, just before the outcomes are written. */
export class RuleScorer {
  private readonly checks = new Map<number, { value: Promise<RuleCheck[]>; until: number }>();
  /** For the expected outputs. */
  private readonly inputs: RunSnapshotCache<Map<number, RunInput>>;
  /** For the tool checks: what each configuration declared. */
  private readonly tooling: RunSnapshotCache<Map<number, RunTooling>>;

  constructor(private readonly db: Db) {
    this.inputs = new RunSnapshotCache((id) => readRunInputs(db, id), REMEMBERED_EVALUATIONS);
    this.tooling = new RunSnapshotCache((id) => readRunTooling(db, id), REMEMBERED_EVALUATIONS);
  }

  /** The verdicts of every successful outcome; a failure to read the checks fails the write, which is retried. */
  async score(outcomes: readonly ScoredOutcome[]): Promise<RuleScore[]> {
    const scores: RuleScore[] = [];
    for (const outcome of outcomes) {
      if (outcome.status !== 'SUCCESS' || outcome.output === null) continue;
      const checks = await this.checksOf(outcome.evaluation_id);
      if (checks.length === 0) continue;
      const expected =
        outcome.input_id === null
          ? null
          : ((await this.inputs.of(outcome.evaluation_id)).get(outcome.input_id)?.expected ?? null);
      const tooling = await this.tooling.of(outcome.evaluation_id);
      const output = {
        apiRequestId: outcome.id,
        inputId: outcome.input_id,
        configurationId: outcome.configuration_id,
        output: outcome.output,
        expected,
        facts: toolFactsOf(tooling, outcome.configuration_id, outcome.tool_calls),
      };
      for (const score of await scoreOutputs(checks, [output])) scores.push(score);
    }
    return scores;
  }

  private checksOf(evaluationId: number): Promise<RuleCheck[]> {
    const cached = this.checks.get(evaluationId);
    if (cached && cached.until > Date.now()) return cached.value;
    const value = readRuleChecksOfEvaluation(this.db, evaluationId);
    value.catch(() => this.checks.delete(evaluationId));
    if (this.checks.size >= REMEMBERED_EVALUATIONS) this.checks.delete(this.checks.keys().next().value!);
    this.checks.set(evaluationId, { value, until: Date.now() + CHECKS_FRESH_MS });
    return value;
  }
}
