import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AiModel, ROUTES } from '@promptgrid/contract';
import { currentUser, type App } from '../http/types.js';
import { aiModels, endpoints } from '../db/schema.js';
import { listedFor } from './visibility.js';
import { toConfigurationModel } from '../configurations/queries.js';

export default async function modelRoutes(app: App) {
  app.get(ROUTES.models, { schema: { tags: ['models'], response: { 200: z.array(AiModel) } } }, async (request) => {
    const rows = await app.db
      .select({ model: aiModels, endpoint: { id: endpoints.id, name: endpoints.name } })
      .from(aiModels)
      .leftJoin(endpoints, eq(endpoints.id, aiModels.endpointId))
      .where(listedFor(app.db, currentUser(request).id))
      .orderBy(
        // The catalog's models first, in file order; then each endpoint's, by endpoint name.
        asc(sql`${aiModels.endpointId} IS NOT NULL`),
        asc(endpoints.name),
        asc(aiModels.endpointId),
        asc(aiModels.sortOrder),
        asc(aiModels.id),
      );
    // What a configuration shows of its model, and what choosing one needs besides.
    return rows.map(({ model: m, endpoint }) => ({
      ...toConfigurationModel(m, endpoint),
      max_output_tokens: m.capabilities.maxOutputTokens,
      default_max_tokens: m.capabilities.defaultMaxTokens,
      vision: m.capabilities.vision ?? false,
      price: m.price,
    }));
  });
}
