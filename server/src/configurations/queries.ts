import { and, eq } from 'drizzle-orm';
import type { Configuration } from '@promptgrid/contract';
import { ownedRow } from '../auth/ownership.js';
import type { Db, Tx } from '../db/client.js';
import { aiModels, configurations, projects } from '../db/schema.js';

export const selection = { configuration: configurations, model: aiModels };
type ModelRow = typeof aiModels.$inferSelect;
type Row = { configuration: typeof configurations.$inferSelect; model: ModelRow };

export const toConfigurationModel = (m: ModelRow): Configuration['ai_model'] => ({
  id: m.id,
  company: m.company,
  model_name: m.modelName,
  supports_json_mode: m.supportsJsonMode,
  supports_temperature: m.capabilities.supportsTemperature,
});

export function toConfiguration({ configuration: c, model: m }: Row): Configuration {
  return {
    id: c.id,
    name: c.name,
    project: c.projectId,
    ai_model: toConfigurationModel(m),
    prompt: { content: c.promptContent, token_count: c.promptTokenCount },
    parameters: { temperature: c.temperature, max_tokens: c.maxTokens },
    provider_specific_params: m.supportsJsonMode ? { json_mode: c.jsonMode } : {},
    json_mode: c.jsonMode,
    tools: c.tools,
    tool_choice: c.toolChoice,
    response_schema: c.responseSchema,
    version: c.version,
    is_active: c.isActive,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

export async function getOwned(db: Db | Tx, userId: number, id: number): Promise<Row> {
  const rows = await db
    .select(selection)
    .from(configurations)
    .innerJoin(aiModels, eq(aiModels.id, configurations.aiModelId))
    .innerJoin(projects, eq(projects.id, configurations.projectId))
    .where(and(eq(configurations.id, id), eq(projects.userId, userId)));
  return ownedRow(rows, 'configuration');
}
