// Verdicts on a run's outputs: a project's checks, their scores, a person's ratings and blind votes.
import { sql } from 'drizzle-orm';
import { CHECK_TYPES, VOTE_WINNERS } from '@promptgrid/contract';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, serialId, ownedBy, timestampTz } from './columns.js';
import { evaluations } from './evaluations.js';
import { projects, aiModels } from './workspace.js';

/** A rule or a judge rubric that scores the outputs of a project's runs. */
export const checks = pgTable(
  'checks',
  {
    id: serialId(),
    projectId: ownedBy('project_id', () => projects.id),
    name: text('name').notNull(),
    type: text('type', { enum: CHECK_TYPES }).notNull(),
    value: text('value').notNull().default(''),
    /** The judge model of an llm_judge check. */
    aiModelId: integer('ai_model_id').references(() => aiModels.id),
    /** null: every input. */
    inputIds: integer('input_ids').array(),
    /** null: outputs of every configuration; otherwise only of these (rule checks only). */
    configurationIds: integer('configuration_ids').array(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('checks_project_idx').on(t.projectId)],
);

/**
 * One check's verdict on one api request's output. No foreign key to the check: a rescore writes tens of thousands of
 * rows at once, and the check's delete removes its scores itself. They go with their evaluation by cascade.
 */
export const scores = pgTable(
  'scores',
  {
    evaluationId: ownedBy('evaluation_id', () => evaluations.id),
    apiRequestId: integer('api_request_id').notNull(),
    checkId: integer('check_id').notNull(),
    pass: boolean('pass'),
    score: doublePrecision('score'),
    reason: text('reason').notNull().default(''),
    error: text('error'),
  },
  // One index serves both uses: a request's verdicts are unique per check, and an evaluation's are read, replaced and
  // summed together (a deleted check's scores are found through its project's evaluations). A second index on
  // evaluation_id alone cost ~15% of a 30,000-score rescore.
  (t) => [primaryKey({ columns: [t.evaluationId, t.apiRequestId, t.checkId] })],
);

/** A person's thumbs up or down on one output; clearing the rating deletes the row. */
export const ratings = pgTable(
  'ratings',
  {
    apiRequestId: integer('api_request_id').primaryKey(),
    evaluationId: ownedBy('evaluation_id', () => evaluations.id),
    rating: smallint('rating').notNull(),
    note: text('note').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('ratings_evaluation_idx').on(t.evaluationId),
    check('ratings_rating_check', sql`${t.rating} in (1, -1)`),
  ],
);

/** A blind pairwise vote between two outputs of one input. */
export const votes = pgTable(
  'votes',
  {
    id: serialId(),
    evaluationId: ownedBy('evaluation_id', () => evaluations.id),
    inputId: integer('input_id').notNull(),
    leftRequestId: integer('left_request_id').notNull(),
    rightRequestId: integer('right_request_id').notNull(),
    winner: text('winner', { enum: VOTE_WINNERS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('votes_evaluation_idx').on(t.evaluationId)],
);

/**
 * One llm_judge check's judgement of one output: durable work on the queue, claimed and leased like an api request
 * (the same statements, see server/src/queue/sql/). The outcome write that ends the request SUCCESS creates it, so a crash
 * cannot lose it; the write that stores its score marks it DONE. Its tasks go with their evaluation by cascade, and a
 * rescore replaces them.
 */
export const judgeTasks = pgTable(
  'judge_tasks',
  {
    id: serialId(),
    evaluationId: ownedBy('evaluation_id', () => evaluations.id),
    apiRequestId: integer('api_request_id').notNull(),
    checkId: integer('check_id').notNull(),
    /** Which worker lane judges it: the judge model's company, or 'mock' in a mock run. */
    provider: text('provider', { enum: ['openai', 'anthropic', 'gemini', 'mock'] }).notNull(),
    /** CANCELLED: its run was cancelled before it was judged; a re-run of the run queues it again. */
    status: text('status', { enum: ['PENDING', 'IN_PROGRESS', 'DONE', 'CANCELLED'] })
      .notNull()
      .default('PENDING'),
    /** Claims, as on api_requests: a task whose worker died too often is recorded as an error. */
    attempts: integer('attempts').notNull().default(0),
    claimedBy: text('claimed_by'),
    leaseExpiresAt: timestampTz('lease_expires_at'),
    /** The judge's own usage, every answer it took counted; kept apart from the run's tokens. */
    inputTokens: integer('input_tokens'),
    outputTokens: integer('output_tokens'),
    /** What those tokens cost in USD at the judge model's price; NULL when it has none. */
    costUsd: doublePrecision('cost_usd'),
    /** The worst case of its next judge call, reserved against the run's budget while IN_PROGRESS (as on api_requests). */
    reservedUsd: doublePrecision('reserved_usd'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // An evaluation's tasks: which requests are still being judged, a rescore's delete, the judge tokens' sum.
    index('judge_tasks_evaluation_idx').on(t.evaluationId, t.apiRequestId),
    // The queue, as api_requests_queue_idx: only unfinished tasks are indexed.
    index('judge_tasks_queue_idx')
      .on(t.provider, t.status, t.evaluationId, t.id)
      .where(sql`${t.status} in ('PENDING', 'IN_PROGRESS')`),
  ],
);
