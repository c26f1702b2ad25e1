// An endpoint's models: the rows of ai_models it serves, listed in the order the user gave them.
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { LIMITS, REASONING_EFFORTS, type EndpointModelInput } from '@promptgrid/contract';
import type { Db, Tx } from '../db/client.js';
import { aiModels, type ModelCapabilities } from '../db/schema.js';

/**
 * What an endpoint's models can do is not published anywhere we can read: they take a temperature and max_tokens,
 * as the OpenAI-compatible servers do, up to the product's own max tokens, and OpenAI's reasoning_effort when the user
 * says the model takes it (any of its values: the server behind the endpoint decides which it accepts).
 */
const endpointCapabilities = (model: EndpointModelInput): ModelCapabilities => ({
  tokenParameter: 'max_tokens',
  supportsTemperature: true,
  defaultMaxTokens: 4096,
  maxOutputTokens: LIMITS.maxTokens.max,
  reasoning: model.supports_reasoning_effort ? { effort: [...REASONING_EFFORTS] } : null,
});

export async function listedModels(db: Db | Tx, endpointIds: number[]) {
  if (endpointIds.length === 0) return [];
  return db
    .select()
    .from(aiModels)
    .where(and(inArray(aiModels.endpointId, endpointIds), eq(aiModels.listed, true)))
    .orderBy(asc(aiModels.sortOrder), asc(aiModels.id));
}

const priceOf = (m: EndpointModelInput) =>
  m.input_per_mtok === null || m.output_per_mtok === null
    ? null
    : {
        input_per_mtok: m.input_per_mtok,
        output_per_mtok: m.output_per_mtok,
        as_of: new Date().toISOString().slice(0, 10),
        source: 'Entered with the endpoint',
      };

/**
 * The endpoint's models become exactly `models`, in that order. A model taken off keeps its row, unlisted, as old
 * configurations and runs may still name it; added back, it is listed again under the same id.
 */
export async function replaceModels(tx: Tx, endpointId: number, models: EndpointModelInput[]) {
  const names = models.map((m) => m.model_name);
  await tx
    .update(aiModels)
    .set({ listed: false })
    .where(
      and(eq(aiModels.endpointId, endpointId), names.length > 0 ? notInArray(aiModels.modelName, names) : undefined),
    );
  for (const [order, m] of models.entries()) {
    const values = {
      company: 'custom' as const,
      endpointId,
      modelName: m.model_name,
      supportsJsonMode: m.supports_json_mode,
      capabilities: endpointCapabilities(m),
      price: priceOf(m),
      listed: true,
      sortOrder: order,
    };
    await tx
      .insert(aiModels)
      .values(values)
      .onConflictDoUpdate({
        target: [aiModels.endpointId, aiModels.modelName],
        targetWhere: sql`${aiModels.endpointId} IS NOT NULL`,
        set: values,
      });
  }
}
