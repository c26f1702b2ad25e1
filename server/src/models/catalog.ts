import fs from 'node:fs';
import { z } from 'zod';
import { LIMITS, ModelPrice, PROVIDERS, ReasoningCapability } from '@promptgrid/contract';
import { isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { aiModels } from '../db/schema.js';
import { serverFile } from '../paths.js';

const CatalogEntry = z.object({
  company: z.enum(PROVIDERS),
  model_name: z.string().min(1),
  supports_json_mode: z.boolean(),
  tokenParameter: z.enum(['max_tokens', 'max_completion_tokens']),
  supportsTemperature: z.boolean(),
  defaultMaxTokens: z.number().int().positive(),
  maxOutputTokens: z.number().int().positive(),
  /** The reasoning setting the model takes; absent: none. */
  reasoning: ReasoningCapability.default(null),
  /** Whether it reads images in its input. */
  vision: z.boolean(),
  /** Where the capability figures come from; read by people, not by the server. */
  source: z.string().optional(),
  /** Published price per million tokens, with the day and place it was read; null (or absent) when not known. */
  price: ModelPrice.nullable().default(null),
  /** Why a price is null; read by people, not by the server. */
  priceNote: z.string().optional(),
});
const Catalog = z.object({
  models: z
    .array(
      // The default is what the editor would let a user type: the estimate prices calls at it.
      CatalogEntry.refine((m) => m.defaultMaxTokens <= Math.min(m.maxOutputTokens, LIMITS.maxTokens.max), {
        error: `defaultMaxTokens must be at most the model's maxOutputTokens and ${LIMITS.maxTokens.max}.`,
        path: ['defaultMaxTokens'],
      }),
    )
    .min(1),
});

export const defaultCatalogFile = serverFile('src/models/catalog.json');

export function readCatalog(file = defaultCatalogFile) {
  const parsed = Catalog.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`Invalid model catalog ${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data.models;
}

/** Upserts the catalog; models no longer in it stay (old configurations point at them) but are unlisted. */
export async function applyCatalog(db: Db, file?: string) {
  const models = readCatalog(file);
  await db.transaction(async (tx) => {
    await tx.update(aiModels).set({ listed: false }).where(isNull(aiModels.endpointId));
    for (const [order, m] of models.entries()) {
      const values = {
        company: m.company,
        modelName: m.model_name,
        supportsJsonMode: m.supports_json_mode,
        capabilities: {
          tokenParameter: m.tokenParameter,
          supportsTemperature: m.supportsTemperature,
          defaultMaxTokens: m.defaultMaxTokens,
          maxOutputTokens: m.maxOutputTokens,
          reasoning: m.reasoning,
          vision: m.vision,
        },
        price: m.price,
        listed: true,
        sortOrder: order,
      };
      await tx
        .insert(aiModels)
        .values(values)
        .onConflictDoUpdate({
          target: [aiModels.company, aiModels.modelName],
          targetWhere: isNull(aiModels.endpointId),
          set: { ...values, company: sql`excluded.company` },
        });
    }
  });
}
