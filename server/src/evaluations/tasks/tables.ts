import type { ClaimedTask, TaskTable } from '../../queue/task.js';
import type { ChatMessage } from '@promptgrid/contract';
import type { Lane } from '../../providers/types.js';

/** Both tables' tasks belong to a run (their group) of a user (their owner): claims take turns between users. */
const BY_USER_THEN_RUN = {
  groupColumn: 'evaluation_id',
  ownerOfGroup: (run: string) => `SELECT user_id FROM evaluations WHERE id = ${run}`,
};

/**
 * The evaluation engine's two kinds of task and the tables they live in: a provider call is an api request, a judge
 * verdict a judge task. Both tables carry the queue's columns, their lane is the provider (or `mock`), and a claim
 * clears the budget reservation a previous holder left (budget-reservations.ts).
 */
export const CALL_TABLE = {
  name: 'api_requests',
  laneColumn: 'provider',
  columns: 'id, evaluation_id, input_id, configuration_id, repetition, attempts, system_prompt, messages',
  onClaim: 'reserved_usd = NULL',
  fairness: BY_USER_THEN_RUN,
} as const satisfies TaskTable;

export const JUDGE_TABLE = {
  name: 'judge_tasks',
  laneColumn: 'provider',
  columns: 'id, evaluation_id, api_request_id, check_id, attempts',
  onClaim: 'reserved_usd = NULL',
  fairness: BY_USER_THEN_RUN,
} as const satisfies TaskTable;

/** The tables whose rows reserve budget before their call is sent. */
export type EngineTable = (typeof CALL_TABLE)['name'] | (typeof JUDGE_TABLE)['name'];

/** A claimed api request: IN_PROGRESS under its lease. `attempts` counts the claims, this one included. */
export type ClaimedRequest = ClaimedTask & {
  evaluation_id: number;
  input_id: number | null;
  configuration_id: number;
  /** Which run of its (input, configuration) pair this is, from 0: the mock answers each differently. */
  repetition: number;
  /** The texts to send when a template filled them in; null: the snapshot's, as written. */
  system_prompt: string | null;
  messages: ChatMessage[] | null;
};

/** A claimed judge task: the judgement of check_id on api_request_id's output. */
export type ClaimedJudgeTask = ClaimedTask & {
  evaluation_id: number;
  api_request_id: number;
  check_id: number;
};

/** The lanes of both tasks: one per provider, one for users' endpoints, and the mock lane of mock runs. */
export const LANES: readonly Lane[] = ['openai', 'anthropic', 'gemini', 'custom', 'mock'];
