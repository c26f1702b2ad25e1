// Runs: an evaluation, its api requests (the queue), their outputs, and its share link.
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type {
  ChatMessage,
  InputImage,
  ModelCompany,
  ModelPrice,
  ReasoningSetting,
  ResponseSchema,
  ToolCall,
  ToolChoice,
  ToolDefinition,
} from '@promptgrid/contract';
import { createdAt, updatedAt, serialId, ownedBy, timestampTz } from './columns.js';
import { users } from './accounts.js';
import { projects, type ModelCapabilities } from './workspace.js';

/** What a run sent, frozen at start so later edits or deletes do not change it. */
export type RunSnapshot = {
  configurations: {
    id: number;
    name: string;
    prompt_content: string;
    ai_model: {
      id: number;
      company: ModelCompany;
      /** The user's endpoint that serves a `custom` model; absent for the built-in providers. */
      endpoint_id?: number | null;
      /** That endpoint's name when the run started; absent in runs made before it was kept. */
      endpoint_name?: string;
      model_name: string;
      capabilities: ModelCapabilities;
      /** The price when the run started (null: unknown); absent in runs made before prices were kept. */
      price?: ModelPrice | null;
    };
    /** reasoning: absent in runs made before reasoning settings were kept. */
    parameters: { temperature: number; max_tokens: number | null; reasoning?: ReasoningSetting | null };
    json_mode: boolean;
    /** Absent in runs made before configurations held messages: none. */
    messages?: ChatMessage[];
    /** Absent in runs made before configurations held a user template: the input's content as it is. */
    user_template?: string;
    /** Absent in runs made before tools were kept: no tools, free text. */
    tools?: ToolDefinition[];
    tool_choice?: ToolChoice;
    response_schema?: ResponseSchema | null;
    /** Absent in runs made before versions were kept. */
    version?: number;
  }[];
  /**
   * expected_output: absent in runs made before it was frozen here (the input's current one is used then).
   * variables: what the templates were filled with; absent in runs made before they were frozen here.
   */
  inputs: {
    id: number;
    name: string;
    content: string;
    expected_output?: string | null;
    /** The conversation of a conversation input; absent or null for a text input. */
    messages?: ChatMessage[] | null;
    variables?: Record<string, string>;
    /** The images sent with its (last) user turn, as the run froze them (the bytes stay in input_images); absent: none. */
    images?: InputImage[];
  }[];
};

export const evaluations = pgTable(
  'evaluations',
  {
    id: serialId(),
    userId: ownedBy('user_id', () => users.id),
    projectId: ownedBy('project_id', () => projects.id),
    name: text('name').notNull(),
    useMock: boolean('use_mock').notNull().default(false),
    totalRequests: integer('total_requests').notNull(),
    /**
     * Requests that reached SUCCESS or FAILED; the write that makes it reach total_requests, with no judgement pending,
     * stamps completed_at.
     */
    finishedRequests: integer('finished_requests').notNull().default(0),
    /** Judge tasks not done yet; completed_at also waits for this to reach 0. */
    pendingJudgements: integer('pending_judgements').notNull().default(0),
    snapshot: jsonb('snapshot').$type<RunSnapshot>().notNull(),
    /** How many times each (input, configuration) pair runs; total_requests counts them all. */
    repetitions: integer('repetitions').notNull().default(1),
    /**
     * The cost in USD of its requests so far whose model had a known price, added to by the write that finishes them;
     * NULL for runs made before costs were recorded (a run starts at 0).
     */
    costUsd: doublePrecision('cost_usd'),
    /**
     * The cost in USD of its judge calls so far (every answer a judgement took, at the judge model's price), added to
     * by the write that ends each judgement; NULL for runs made before judge costs were recorded.
     */
    judgeCostUsd: doublePrecision('judge_cost_usd'),
    /**
     * Once cost_usd + judge_cost_usd reaches it, the requests and judgements not yet started are ended (see
     * failPendingRequests); calls in flight reserve their worst case against it first (see budget-reservations.ts).
     */
    budgetUsd: doublePrecision('budget_usd'),
    createdAt: createdAt(),
    completedAt: timestampTz('completed_at'),
    /** When the user cancelled the run; a re-run clears it. */
    cancelledAt: timestampTz('cancelled_at'),
  },
  (t) => [
    index('evaluations_user_idx').on(t.userId, t.createdAt),
    index('evaluations_project_idx').on(t.projectId),
    // A write that counts a request twice, or a judgement off twice, fails instead of leaving a count that no longer
    // matches the rows (the completion rule, settle_evaluation, would then stamp a run complete too early or never).
    check(
      'evaluations_counts_in_range',
      sql`${t.finishedRequests} BETWEEN 0 AND ${t.totalRequests} AND ${t.pendingJudgements} >= 0`,
    ),
  ],
);

export const apiRequests = pgTable(
  'api_requests',
  {
    id: serialId(),
    /**
     * A run's rows (requests, results, scores, judge tasks, earlier outcomes) go with it by cascade: one delete per
     * table through its index that starts with evaluation_id (decision 0057).
     */
    evaluationId: ownedBy('evaluation_id', () => evaluations.id),
    inputId: integer('input_id'),
    configurationId: integer('configuration_id').notNull(),
    /** The configuration's version when the run was created; null for requests made before versions were kept. */
    configurationVersion: integer('configuration_version'),
    /** Which run of its (input, configuration) pair this is, from 0, when the run asked for repetitions. */
    repetition: integer('repetition').notNull().default(0),
    /**
     * The texts sent when a template filled them in: the system prompt, and the turns after it (the configuration's
     * messages, then the input's turn or conversation). NULL when the evaluation's snapshot holds them as they were
     * sent, which keeps untemplated runs as cheap to write as before.
     */
    systemPrompt: text('system_prompt'),
    messages: jsonb('messages').$type<ChatMessage[]>(),
    status: text('status', { enum: ['PENDING', 'IN_PROGRESS', 'SUCCESS', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    executionTime: doublePrecision('execution_time'),
    /** Seconds from the call's (last) attempt start to its first piece of text; null when none came or unknown. */
    ttft: doublePrecision('ttft'),
    inputTokenTotalCount: integer('input_token_total_count'),
    outputTokenCount: integer('output_token_count'),
    /** Of output_token_count, the tokens spent reasoning; null when the provider reported none. */
    reasoningTokens: integer('reasoning_tokens'),
    errorMessage: text('error_message'),
    /** What the call cost in USD from its usage and the run's frozen price; NULL without usage or price. */
    costUsd: doublePrecision('cost_usd'),
    /** What judging its output cost in USD (every judge check, every answer); NULL until a priced judgement ends. */
    judgeCostUsd: doublePrecision('judge_cost_usd'),
    /**
     * The worst case of its call (prompt tokens + max output tokens at the price), reserved against the run's budget
     * while it is IN_PROGRESS; a claim clears it. Only rows of runs with a budget reserve.
     */
    reservedUsd: doublePrecision('reserved_usd'),
    /** Which worker lane runs it: the configuration's company, or 'mock' for a mock run. */
    provider: text('provider', { enum: ['openai', 'anthropic', 'gemini', 'custom', 'mock'] })
      .notNull()
      .default('mock'),
    /** The worker process holding it while IN_PROGRESS; another may take it over once the lease has expired. */
    claimedBy: text('claimed_by'),
    leaseExpiresAt: timestampTz('lease_expires_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Listing, results and status counts of one evaluation (a status change already rewrites this entry: a change
    // of status is never a HOT update, because the queue index's predicate names the column).
    index('api_requests_evaluation_idx').on(t.evaluationId, t.id),
    // The results screen's poll asks only for the requests of one evaluation changed since a time.
    index('api_requests_evaluation_updated_idx').on(t.evaluationId, t.updatedAt),
    // The work queue: only unfinished requests are indexed, so claiming stays cheap however many are done.
    // PENDING rows per lane by run, so a claim jumps from one run to the next and takes each run's rows in id order;
    // IN_PROGRESS rows are scanned for expired leases. Lease renewals stay HOT.
    index('api_requests_queue_idx')
      .on(t.provider, t.status, t.evaluationId, t.id)
      .where(sql`${t.status} in ('PENDING', 'IN_PROGRESS')`),
  ],
);

/**
 * A read-only link to one evaluation's grid. The URL holds a random token; only its SHA-256 is stored, so a
 * database reader cannot open the link. One link per evaluation: sharing again replaces it.
 */
export const evaluationShares = pgTable('evaluation_shares', {
  evaluationId: integer('evaluation_id')
    .primaryKey()
    .references(() => evaluations.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
});

export const results = pgTable(
  'results',
  {
    id: serialId(),
    evaluationId: ownedBy('evaluation_id', () => evaluations.id),
    apiRequestId: integer('api_request_id').notNull().unique(),
    inputId: integer('input_id'),
    configurationId: integer('configuration_id').notNull(),
    output: text('output').notNull(),
    /** The tools the model asked to call, in order; NULL when it called none (most answers). */
    toolCalls: jsonb('tool_calls').$type<ToolCall[]>(),
    executionTime: doublePrecision('execution_time').notNull(),
    ttft: doublePrecision('ttft'),
    tokenCount: integer('token_count').notNull(),
    /** Of token_count, the tokens spent reasoning; null when the provider reported none. */
    reasoningTokens: integer('reasoning_tokens'),
    inputTokenTotalCount: integer('input_token_total_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('results_evaluation_idx').on(t.evaluationId)],
);

/**
 * Earlier outcomes of a request that was re-run: the re-run copies the request's outcome (and output) here in the
 * statement that puts it back to PENDING.
 */
export const resultHistory = pgTable(
  'result_history',
  {
    id: serialId(),
    evaluationId: ownedBy('evaluation_id', () => evaluations.id),
    apiRequestId: integer('api_request_id').notNull(),
    status: text('status', { enum: ['SUCCESS', 'FAILED'] }).notNull(),
    output: text('output'),
    /** The tools the model asked to call with that output; NULL when it called none. */
    toolCalls: jsonb('tool_calls').$type<ToolCall[]>(),
    errorMessage: text('error_message'),
    executionTime: doublePrecision('execution_time'),
    inputTokenTotalCount: integer('input_token_total_count'),
    outputTokenCount: integer('output_token_count'),
    /** When that outcome was written. */
    finishedAt: timestampTz('finished_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('result_history_evaluation_idx').on(t.evaluationId, t.apiRequestId)],
);
