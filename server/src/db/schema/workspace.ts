// A user's projects: user prompts (inputs), system prompts (configurations) with their versions, and the model catalog.
import { sql } from 'drizzle-orm';
import {
  DEFAULT_USER_TEMPLATE,
  type ChatMessage,
  type EndpointKind,
  type ImageMediaType,
  type ImportColumnTarget,
  type ModelCompany,
  type ModelPrice,
  type ReasoningCapability,
  type ReasoningSetting,
  type ResponseSchema,
  type ToolChoice,
  type ToolDefinition,
} from '@promptgrid/contract';
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, serialId, ownedBy, timestampTz } from './columns.js';
import { users } from './accounts.js';

export const projects = pgTable(
  'projects',
  {
    id: serialId(),
    userId: ownedBy('user_id', () => users.id),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** How the last imported file's columns were read, by header: the next import of a file like it reads the same. */
    importColumns: jsonb('import_columns').$type<Record<string, ImportColumnTarget>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('projects_user_updated_idx').on(t.userId, t.updatedAt)],
);

export const inputs = pgTable(
  'inputs',
  {
    id: serialId(),
    projectId: ownedBy('project_id', () => projects.id),
    name: text('name').notNull(),
    /** Its text; for a conversation, its last user turn (what lists, search and one-line views show). */
    content: text('content').notNull(),
    /** A conversation (user and assistant turns, the last the user's) sent instead of the text; null for a text input. */
    messages: jsonb('messages').$type<ChatMessage[]>(),
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

/** Binary data: node-postgres and PGlite both read a bytea column as a Buffer (Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** An image an input carries: its bytes stay here, and runs freeze only their ids. */
export const inputImages = pgTable(
  'input_images',
  {
    id: serialId(),
    inputId: ownedBy('input_id', () => inputs.id),
    mediaType: text('media_type').$type<ImageMediaType>().notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('input_images_input_idx').on(t.inputId)],
);

/**
 * A user's OpenAI-compatible endpoint (Ollama, vLLM, a gateway): its models are rows of ai_models that name it, seen
 * only by its owner. The key and the extra headers (which may carry keys too) are sealed like provider keys.
 */
export const endpoints = pgTable(
  'endpoints',
  {
    id: serialId(),
    userId: ownedBy('user_id', () => users.id),
    name: text('name').notNull(),
    /** What API it speaks: an OpenAI-compatible server's, or an Azure OpenAI resource's (deployments, api-version). */
    kind: text('kind').$type<EndpointKind>().notNull().default('openai-compatible'),
    baseUrl: text('base_url').notNull(),
    /** Azure's api-version; null for an OpenAI-compatible server. */
    apiVersion: text('api_version'),
    /** AES-256-GCM of the key; null when the endpoint takes none. */
    sealedKey: text('sealed_key'),
    lastFourDigits: text('last_four_digits'),
    /** AES-256-GCM of the extra headers as JSON; null when there are none. Their names are kept apart, to show. */
    sealedHeaders: text('sealed_headers'),
    headerNames: jsonb('header_names').$type<string[]>().notNull().default([]),
    /** Which encryption key sealed the key and the headers, for rotation. */
    encryptionKeyId: text('encryption_key_id').notNull(),
    /** Calls sent to it at once; null: the worker's concurrency. A local server often answers one at a time. */
    concurrency: integer('concurrency'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('endpoints_user_idx').on(t.userId)],
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
  /** The reasoning setting it takes; absent or null: none, and none is sent. */
  reasoning?: ReasoningCapability;
  /** Whether it reads images; absent (models stored before it was known, endpoints' models): it does not. */
  vision?: boolean;
};

export const aiModels = pgTable(
  'ai_models',
  {
    id: serialId(),
    company: text('company').$type<ModelCompany>().notNull(),
    modelName: text('model_name').notNull(),
    /** The user's endpoint that serves it (company 'custom'); null for the catalog's models. */
    endpointId: integer('endpoint_id').references(() => endpoints.id, { onDelete: 'cascade' }),
    supportsJsonMode: boolean('supports_json_mode').notNull().default(false),
    capabilities: jsonb('capabilities').$type<ModelCapabilities>().notNull(),
    /** Its published price per million tokens, from the catalog file; null when not known. */
    price: jsonb('price').$type<ModelPrice>(),
    /** false once the model left the catalog file; kept so old configurations still resolve. */
    listed: boolean('listed').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('ai_models_company_name_idx')
      .on(t.company, t.modelName)
      .where(sql`${t.endpointId} IS NULL`),
    uniqueIndex('ai_models_endpoint_name_idx')
      .on(t.endpointId, t.modelName)
      .where(sql`${t.endpointId} IS NOT NULL`),
  ],
);

/** What a configuration and each of its kept versions hold alike: the model, the name and the texts it sends. */
const configurationState = () => ({
  aiModelId: integer('ai_model_id')
    .notNull()
    .references(() => aiModels.id),
  name: text('name').notNull(),
  promptContent: text('prompt_content').notNull(),
  promptTokenCount: integer('prompt_token_count').notNull(),
  /** Turns sent after the system prompt and before the input (few-shot examples, a fixed prefix). */
  messages: jsonb('messages').$type<ChatMessage[]>().notNull().default([]),
  /** The user turn a text input is sent as; `{{input}}` is the input's content. */
  userTemplate: text('user_template').notNull().default(DEFAULT_USER_TEMPLATE),
  /** The functions the model may call (declared to it, never executed) and whether it may, must or must not. */
  tools: jsonb('tools').$type<ToolDefinition[]>().notNull().default([]),
  toolChoice: jsonb('tool_choice')
    .$type<ToolChoice>()
    .notNull()
    .default(sql`'"auto"'::jsonb`),
  /** The JSON Schema its answer must match (structured output); null: free text. */
  responseSchema: jsonb('response_schema').$type<ResponseSchema>(),
});

export const configurations = pgTable(
  'configurations',
  {
    id: serialId(),
    projectId: ownedBy('project_id', () => projects.id),
    ...configurationState(),
    temperature: doublePrecision('temperature').notNull().default(0),
    maxTokens: integer('max_tokens'),
    jsonMode: boolean('json_mode').notNull().default(false),
    /** Its reasoning effort or thinking budget, as its model takes it; null: the model's default. */
    reasoning: jsonb('reasoning').$type<ReasoningSetting>(),
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
    configurationId: ownedBy('configuration_id', () => configurations.id),
    version: integer('version').notNull(),
    ...configurationState(),
    temperature: doublePrecision('temperature').notNull(),
    maxTokens: integer('max_tokens'),
    jsonMode: boolean('json_mode').notNull(),
    reasoning: jsonb('reasoning').$type<ReasoningSetting>(),
    /** When this version was saved (the configuration's updated_at then). */
    savedAt: timestampTz('saved_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.configurationId, t.version] })],
);
