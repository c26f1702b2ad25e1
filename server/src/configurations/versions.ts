import { desc, eq } from 'drizzle-orm';
import type { ConfigurationVersion } from '@promptgrid/contract';
import type { Db, Tx } from '../db/client.js';
import { aiModels, configurationVersions, configurations, endpoints } from '../db/schema.js';
import { getAllowed, toConfigurationModel } from './queries.js';

type ConfigurationRow = typeof configurations.$inferSelect;
type SavedColumns = Pick<
  ConfigurationRow,
  | 'name'
  | 'aiModelId'
  | 'promptContent'
  | 'promptTokenCount'
  | 'messages'
  | 'userTemplate'
  | 'temperature'
  | 'maxTokens'
  | 'jsonMode'
  | 'reasoning'
  | 'tools'
  | 'toolChoice'
  | 'responseSchema'
>;

const sameMessages = (a: SavedColumns['messages'], b: SavedColumns['messages']) =>
  a.length === b.length && a.every((m, i) => m.role === b[i]?.role && m.content === b[i]?.content);

const sameReasoning = (a: SavedColumns['reasoning'], b: SavedColumns['reasoning']) =>
  (a?.effort ?? null) === (b?.effort ?? null) && (a?.budget_tokens ?? null) === (b?.budget_tokens ?? null);

/** What a run sends of the tools and the response schema, as one text to compare. */
const toolingOf = (columns: SavedColumns) =>
  JSON.stringify([columns.tools, columns.toolChoice, columns.responseSchema]);

const changesWhatRuns = (before: SavedColumns, after: SavedColumns) =>
  before.promptContent !== after.promptContent ||
  !sameMessages(before.messages, after.messages) ||
  before.userTemplate !== after.userTemplate ||
  before.aiModelId !== after.aiModelId ||
  before.temperature !== after.temperature ||
  before.maxTokens !== after.maxTokens ||
  before.jsonMode !== after.jsonMode ||
  !sameReasoning(before.reasoning, after.reasoning) ||
  toolingOf(before) !== toolingOf(after);

/**
 * Keeps the state a save replaces as a version when the save changes what a run sends (texts, model or parameters)
 * and answers the configuration's version after the save. A rename alone is not a new version.
 */
export async function keepVersionIfChanged(tx: Tx, existing: ConfigurationRow, next: SavedColumns): Promise<number> {
  if (!changesWhatRuns(existing, next)) return existing.version;
  await tx.insert(configurationVersions).values({
    configurationId: existing.id,
    version: existing.version,
    aiModelId: existing.aiModelId,
    name: existing.name,
    promptContent: existing.promptContent,
    promptTokenCount: existing.promptTokenCount,
    messages: existing.messages,
    userTemplate: existing.userTemplate,
    temperature: existing.temperature,
    maxTokens: existing.maxTokens,
    jsonMode: existing.jsonMode,
    reasoning: existing.reasoning,
    tools: existing.tools,
    toolChoice: existing.toolChoice,
    responseSchema: existing.responseSchema,
    savedAt: existing.updatedAt,
  });
  return existing.version + 1;
}

/** The configuration as it is now (the current version) and its kept versions, newest first. */
export async function listConfigurationVersions(db: Db, userId: number, id: number): Promise<ConfigurationVersion[]> {
  const { configuration: c, model, endpoint } = await getAllowed(db, userId, 'read', id);
  const kept = await db
    .select({ version: configurationVersions, model: aiModels, endpoint: { id: endpoints.id, name: endpoints.name } })
    .from(configurationVersions)
    .innerJoin(aiModels, eq(aiModels.id, configurationVersions.aiModelId))
    .leftJoin(endpoints, eq(endpoints.id, aiModels.endpointId))
    .where(eq(configurationVersions.configurationId, id))
    .orderBy(desc(configurationVersions.version));
  const toVersion = (
    v: SavedColumns & { version: number },
    m: typeof model,
    modelEndpoint: typeof endpoint,
    savedAt: Date,
    isCurrent: boolean,
  ): ConfigurationVersion => ({
    version: v.version,
    is_current: isCurrent,
    name: v.name,
    ai_model: toConfigurationModel(m, modelEndpoint),
    prompt: { content: v.promptContent, token_count: v.promptTokenCount },
    messages: v.messages,
    user_template: v.userTemplate,
    parameters: { temperature: v.temperature, max_tokens: v.maxTokens, reasoning: v.reasoning },
    provider_specific_params: m.supportsJsonMode ? { json_mode: v.jsonMode } : {},
    tools: v.tools,
    tool_choice: v.toolChoice,
    response_schema: v.responseSchema,
    saved_at: savedAt.toISOString(),
  });
  return [
    toVersion(c, model, endpoint, c.updatedAt, true),
    ...kept.map((row) => toVersion(row.version, row.model, row.endpoint, row.version.savedAt, false)),
  ];
}
