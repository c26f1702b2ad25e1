import { sql } from 'drizzle-orm';
import { CHECK_TYPES, VOTE_WINNERS } from '@promptgrid/contract';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  googleSub: text('google_sub').unique(),
  createdAt: createdAt(),
});

/** Secrets the server makes once and every process shares, e.g. the key that signs CSRF tokens. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** The cookie holds a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('projects_user_updated_idx').on(t.userId, t.updatedAt)],
);

export const inputs = pgTable(
  'inputs',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    content: text('content').notNull(),
    /** What `{{name}}` in a template is filled with when this input runs. */
    variables: jsonb('variables').$type<Record<string, string>>().notNull().default({}),
    expectedOutput: text('expected_output'),
    active: boolean('active').notNull().default(true),
    tokenCount: integer('token_count').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('inputs_project_idx').on(t.projectId)],
);

/** What the provider layer needs to call a model without a parameter the API refuses. */
export type ModelCapabilities = {
  /** OpenAI reasoning models take max_completion_tokens. */
  tokenParameter: 'max_tokens' | 'max_completion_tokens';
  /** false: the model accepts only its default temperature, so none is sent. */
  supportsTemperature: boolean;
  /** Sent when the configuration leaves max tokens empty and the API requires a value (Anthropic). */
  defaultMaxTokens: number;
  maxOutputTokens: number;
};

export const aiModels = pgTable(
  'ai_models',
  {
    id: serial('id').primaryKey(),
    company: text('company', { enum: ['openai', 'anthropic'] }).notNull(),
    modelName: text('model_name').notNull(),
    supportsJsonMode: boolean('supports_json_mode').notNull().default(false),
    capabilities: jsonb('capabilities').$type<ModelCapabilities>().notNull(),
    /** false once the model left the catalog file; kept so old configurations still resolve. */
    listed: boolean('listed').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('ai_models_company_name_idx').on(t.company, t.modelName)],
);

export const configurations = pgTable(
  'configurations',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    aiModelId: integer('ai_model_id')
      .notNull()
      .references(() => aiModels.id),
    name: text('name').notNull(),
    promptContent: text('prompt_content').notNull(),
    promptTokenCount: integer('prompt_token_count').notNull(),
    temperature: doublePrecision('temperature').notNull().default(0),
    maxTokens: integer('max_tokens'),
    jsonMode: boolean('json_mode').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** The current version: 1 when created, one more for each save that changes the text, model or parameters. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('configurations_project_idx').on(t.projectId)],
);

/** The earlier versions of a configuration: each save that changes it keeps the state it replaces here. */
export const configurationVersions = pgTable(
  'configuration_versions',
  {
    configurationId: integer('configuration_id')
      .notNull()
      .references(() => configurations.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    aiModelId: integer('ai_model_id')
      .notNull()
      .references(() => aiModels.id),
    name: text('name').notNull(),
    promptContent: text('prompt_content').notNull(),
    promptTokenCount: integer('prompt_token_count').notNull(),
    temperature: doublePrecision('temperature').notNull(),
    maxTokens: integer('max_tokens'),
    jsonMode: boolean('json_mode').notNull(),
    /** When this version was saved (the configuration's updated_at then). */
    savedAt: timestamp('saved_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.configurationId, t.version] })],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['openai', 'anthropic'] }).notNull(),
    label: text('label').notNull(),
    /** AES-256-GCM: base64 of nonce | ciphertext | tag. Never the key in clear. */
    sealedKey: text('sealed_key').notNull(),
    /** Which encryption key sealed it, for rotation. */
    encryptionKeyId: text('encryption_key_id').notNull(),
    lastFourDigits: text('last_four_digits').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('api_keys_one_active_per_provider_idx')
      .on(t.userId, t.provider)
      .where(sql`${t.isActive}`),
  ],
);

/** What a run sent, frozen at start so later edits or deletes do not change it. */
export type RunSnapshot = {
  configurations: {
    id: number;
    name: string;
    prompt_content: string;
    ai_model: { id: number; company: 'openai' | 'anthropic'; model_name: string; capabilities: ModelCapabilities };
    parameters: { temperature: number; max_tokens: number | null };
    json_mode: boolean;
    /** Absent in runs made before versions were kept. */
    version?: number;
  }[];
  inputs: { id: number; name: string; content: string }[];
};

export const evaluations = pgTable(
  'evaluations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    useMock: boolean('use_mock').notNull().default(false),
    totalRequests: integer('total_requests').notNull(),
    /** Requests that reached SUCCESS or FAILED; the write that makes it reach total_requests stamps completed_at. */
    finishedRequests: integer('finished_requests').notNull().default(0),
    snapshot: jsonb('snapshot').$type<RunSnapshot>().notNull(),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('evaluations_user_idx').on(t.userId, t.createdAt), index('evaluations_project_idx').on(t.projectId)],
);

export const apiRequests = pgTable(
  'api_requests',
  {
    id: serial('id').primaryKey(),
    /**
     * No foreign key here or on results (decision 0006): a key is checked row by row, which doubled the cost of
     * inserting a run's requests on PGlite. Rows are only made together with their evaluation, and the trigger
     * evaluations_delete_requests (migration 0004) deletes them with it, as the cascade did.
     */
    evaluationId: integer('evaluation_id').notNull(),
    inputId: integer('input_id'),
    configurationId: integer('configuration_id').notNull(),
    /** The configuration's version when the run was created; null for requests made before versions were kept. */
    configurationVersion: integer('configuration_version'),
    /**
     * The texts sent when a template filled them in; NULL when the configuration's prompt (or the input's content) in
     * the evaluation's snapshot was sent as written, which keeps untemplated runs as cheap to write as before.
     */
    systemPrompt: text('system_prompt'),
    userPrompt: text('user_prompt'),
    status: text('status', { enum: ['PENDING', 'IN_PROGRESS', 'SUCCESS', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    executionTime: doublePrecision('execution_time'),
    inputTokenTotalCount: integer('input_token_total_count'),
    outputTokenCount: integer('output_token_count'),
    errorMessage: text('error_message'),
    /** Which worker lane runs it: the configuration's company, or 'mock' for a mock run. */
    provider: text('provider', { enum: ['openai', 'anthropic', 'mock'] })
      .notNull()
      .default('mock'),
    /** The worker process holding it while IN_PROGRESS; another may take it over once the lease has expired. */
    claimedBy: text('claimed_by'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true, mode: 'date' }),
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
    // PENDING rows in id order per lane; IN_PROGRESS rows are scanned for expired leases. Lease renewals stay HOT.
    index('api_requests_queue_idx')
      .on(t.provider, t.status, t.id)
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
    id: serial('id').primaryKey(),
    evaluationId: integer('evaluation_id').notNull(),
    apiRequestId: integer('api_request_id').notNull().unique(),
    inputId: integer('input_id'),
    configurationId: integer('configuration_id').notNull(),
    output: text('output').notNull(),
    executionTime: doublePrecision('execution_time').notNull(),
    tokenCount: integer('token_count').notNull(),
    inputTokenTotalCount: integer('input_token_total_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('results_evaluation_idx').on(t.evaluationId)],
);

export const subscriptions = pgTable('subscriptions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  status: text('status').notNull().default('free'),
  stripeCustomerId: text('stripe_customer_id').unique(),
  stripeSubscriptionId: text('stripe_subscription_id').unique(),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true, mode: 'date' }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** `created` of the newest Stripe event applied to this row: an older event delivered late changes nothing. */
  lastStripeEventAt: timestamp('last_stripe_event_at', { withTimezone: true, mode: 'date' }),
  updatedAt: updatedAt(),
});

/** Real evaluation runs a user started in a calendar month (UTC), e.g. period '2026-11'. */
export const evaluationUsage = pgTable(
  'evaluation_usage',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.period] })],
);

/** Stripe event ids already applied, so a replayed webhook changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A rule or a judge rubric that scores the outputs of a project's runs. */
export const checks = pgTable(
  'checks',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: CHECK_TYPES }).notNull(),
    value: text('value').notNull().default(''),
    /** The judge model of an llm_judge check. */
    aiModelId: integer('ai_model_id').references(() => aiModels.id),
    /** null: every input. */
    inputIds: integer('input_ids').array(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('checks_project_idx').on(t.projectId)],
);

/**
 * One check's verdict on one api request's output. No foreign keys, as on api_requests (decision 0006): a rescore
 * writes tens of thousands of rows at once. The evaluation's delete trigger and the check's delete remove them.
 */
export const scores = pgTable(
  'scores',
  {
    evaluationId: integer('evaluation_id').notNull(),
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
    evaluationId: integer('evaluation_id')
      .notNull()
      .references(() => evaluations.id, { onDelete: 'cascade' }),
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
    id: serial('id').primaryKey(),
    evaluationId: integer('evaluation_id')
      .notNull()
      .references(() => evaluations.id, { onDelete: 'cascade' }),
    inputId: integer('input_id').notNull(),
    leftRequestId: integer('left_request_id').notNull(),
    rightRequestId: integer('right_request_id').notNull(),
    winner: text('winner', { enum: VOTE_WINNERS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('votes_evaluation_idx').on(t.evaluationId)],
);
