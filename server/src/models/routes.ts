import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { AiModel, ROUTES } from '@promptgrid/contract';
import type { App } from '../http/types.js';
import { aiModels } from '../db/schema.js';

export default async function modelRoutes(app: App) {
  app.get(ROUTES.models, { schema: { tags: ['models'], response: { 200: z.array(AiModel) } } }, async () => {
    const rows = await app.db.select().from(aiModels).where(eq(aiModels.listed, true)).orderBy(asc(aiModels.sortOrder));
    return rows.map((m) => ({
      id: m.id,
      company: m.company,
      model_name: m.modelName,
      supports_json_mode: m.supportsJsonMode,
      supports_temperature: m.capabilities.supportsTemperature,
      max_output_tokens: m.capabilities.maxOutputTokens,
      price: m.price,
    }));
  });
}
