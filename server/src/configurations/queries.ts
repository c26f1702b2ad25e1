import { eq } from 'drizzle-orm';
import type { Configuration } from '@promptgrid/contract';
import { type Action, allowedRow, allows } from '../access/policy.js';
import type { Db, Tx } from '../db/client.js';
import { aiModels, configurations, endpoints } from '../db/schema.js';

/** A configuration with its model, and the endpoint that serves the model (null for the built-in providers'). */
export const selection = {
  configuration: configurations,
  model: aiModels,
  endpoint: { id: endpoints.id, name: endpoints.name },
};
type ModelRow = typeof aiModels.$inferSelect;
type EndpointName = Configuration['ai_model']['endpoint'];
type Row = { configuration: typeof configurations.$inferSelect; model: ModelRow; endpoint: EndpointName };

export const toConfigurationModel = (m: ModelRow, endpoint: EndpointName): Configuration['ai_model'] => ({
  id: m.id,
  company: m.company,
  endpoint,
  model_name: m.modelName,
  supports_json_mode: m.supportsJsonMode,
  supports_temperature: m.capabilities.supportsTemperature,
  reasoning: m.capabilities.reasoning ?? null,
});

export function toConfiguration({ configuration: c, model: m, endpoint }: Row): Configuration {
  return {
    id: c.id,
    name: c.name,
    project: c.projectId,
    ai_model: toConfigurationModel(m, endpoint),
    prompt: { content: c.promptContent, token_count: c.promptTokenCount },
    messages: c.messages,
    user_template: c.userTemplate,
    parameters: { temperature: c.temperature, max_tokens: c.maxTokens, reasoning: c.reasoning },
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

export async function getAllowed(db: Db | Tx, userId: number, action: Action, id: number): Promise<Row> {
  const rows = await db
    .select(selection)
    .from(configurations)
    .innerJoin(aiModels, eq(aiModels.id, configurations.aiModelId))
    .leftJoin(endpoints, eq(endpoints.id, aiModels.endpointId))
    .where(allows(userId, action, 'configuration', id));
  return allowedRow(rows, 'configuration');
}
