import { and, asc, eq, sql } from 'drizzle-orm';
import type { Configuration, PatchConfigurationInput, SaveConfigurationInput } from '@promptgrid/contract';
import type { Db, Tx } from '../db/client.js';
import { aiModels, configurations, projects } from '../db/schema.js';
import { badRequest, notFound } from '../http/errors.js';
import { countTokens } from '../lib/tokens.js';
import { assertPayloadProject, assertProjectOwner, touchProject } from '../projects/service.js';

const selection = { configuration: configurations, model: aiModels };
type Row = { configuration: typeof configurations.$inferSelect; model: typeof aiModels.$inferSelect };

function toConfiguration({ configuration: c, model: m }: Row): Configuration {
  return {
    id: c.id,
    name: c.name,
    project: c.projectId,
    ai_model: { id: m.id, company: m.company, model_name: m.modelName, supports_json_mode: m.supportsJsonMode },
    prompt: { content: c.promptContent, token_count: c.promptTokenCount },
    parameters: { temperature: c.temperature, max_tokens: c.maxTokens },
    provider_specific_params: m.supportsJsonMode ? { json_mode: c.jsonMode } : {},
    json_mode: c.jsonMode,
    is_active: c.isActive,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

async function findModel(tx: Tx, id: number) {
  const [model] = await tx
    .select()
    .from(aiModels)
    .where(and(eq(aiModels.id, id), eq(aiModels.listed, true)));
  if (!model) throw badRequest({ ai_model_id: ['Unknown AI model.'] });
  return model;
}

function columnsFrom(input: SaveConfigurationInput, supportsJsonMode: boolean) {
  return {
    name: input.name,
    aiModelId: input.ai_model_id,
    promptContent: input.prompt_content,
    promptTokenCount: countTokens(input.prompt_content),
    // Sliders send 0.30000000000000004; store the step value.
    temperature: Math.round(input.parameters.temperature * 100) / 100,
    maxTokens: input.parameters.max_tokens,
    jsonMode: supportsJsonMode && input.provider_specific_params.json_mode === true,
  };
}

async function getOwned(db: Db | Tx, userId: number, id: number): Promise<Row> {
  const [row] = await db
    .select(selection)
    .from(configurations)
    .innerJoin(aiModels, eq(aiModels.id, configurations.aiModelId))
    .innerJoin(projects, eq(projects.id, configurations.projectId))
    .where(and(eq(configurations.id, id), eq(projects.userId, userId)));
  if (!row) throw notFound('Configuration not found.');
  return row;
}

export async function listConfigurations(db: Db, userId: number, projectId: number): Promise<Configuration[]> {
  await assertProjectOwner(db, userId, projectId);
  const rows = await db
    .select(selection)
    .from(configurations)
    .innerJoin(aiModels, eq(aiModels.id, configurations.aiModelId))
    .where(eq(configurations.projectId, projectId))
    .orderBy(asc(configurations.createdAt), asc(configurations.id));
  return rows.map(toConfiguration);
}

export async function createConfiguration(
  db: Db,
  userId: number,
  projectId: number,
  input: SaveConfigurationInput,
): Promise<Configuration> {
  assertPayloadProject(input.project, projectId);
  return db.transaction(async (tx) => {
    await assertProjectOwner(tx, userId, projectId);
    const model = await findModel(tx, input.ai_model_id);
    const [row] = await tx
      .insert(configurations)
      .values({ projectId, ...columnsFrom(input, model.supportsJsonMode), isActive: input.is_active ?? true })
      .returning({ id: configurations.id });
    await touchProject(tx, projectId);
    return toConfiguration(await getOwned(tx, userId, row.id));
  });
}

export async function updateConfiguration(
  db: Db,
  userId: number,
  id: number,
  input: SaveConfigurationInput,
): Promise<Configuration> {
  return db.transaction(async (tx) => {
    const existing = await getOwned(tx, userId, id);
    assertPayloadProject(input.project, existing.configuration.projectId);
    const model = await findModel(tx, input.ai_model_id);
    await tx
      .update(configurations)
      .set({
        ...columnsFrom(input, model.supportsJsonMode),
        isActive: input.is_active ?? existing.configuration.isActive,
        updatedAt: sql`now()`,
      })
      .where(eq(configurations.id, id));
    await touchProject(tx, existing.configuration.projectId);
    return toConfiguration(await getOwned(tx, userId, id));
  });
}

export async function setConfigurationActive(
  db: Db,
  userId: number,
  id: number,
  input: PatchConfigurationInput,
): Promise<Configuration> {
  return db.transaction(async (tx) => {
    const existing = await getOwned(tx, userId, id);
    await tx
      .update(configurations)
      .set({ isActive: input.is_active, updatedAt: sql`now()` })
      .where(eq(configurations.id, id));
    await touchProject(tx, existing.configuration.projectId);
    return toConfiguration(await getOwned(tx, userId, id));
  });
}

export async function deleteConfiguration(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await getOwned(tx, userId, id);
    await tx.delete(configurations).where(eq(configurations.id, id));
    await touchProject(tx, existing.configuration.projectId);
  });
}
