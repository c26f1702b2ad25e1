import { and, asc, eq, sql } from 'drizzle-orm';
import {
  copyName,
  DEFAULT_USER_TEMPLATE,
  type ChatMessage,
  type Configuration,
  type PatchConfigurationInput,
  type SaveConfigurationInput,
} from '@promptgrid/contract';
import type { Db, Tx } from '../db/client.js';
import { aiModels, configurations, endpoints } from '../db/schema.js';
import { returnedRow } from '../db/rows.js';
import { keepVersionIfChanged } from './versions.js';
import { listedFor } from '../models/visibility.js';
import { getAllowed, selection, toConfiguration } from './queries.js';
import { badRequest } from '../http/errors.js';
import { changedSince, editConflict } from '../http/preconditions.js';
import { countTokensOffLoop } from '../lib/token-jobs.js';
import { reasoningErrors } from './reasoning.js';
import { assertPayloadProject, changeProject, touchProject } from '../projects/service.js';
import { assertAllowed } from '../access/policy.js';
import { jsonSchemaRefusal } from '../checks/schema-jobs.js';

/** The listed model the payload names, once its max tokens and reasoning setting fit what the model takes. */
async function findModel(tx: Tx, userId: number, input: SaveConfigurationInput) {
  const [model] = await tx
    .select()
    .from(aiModels)
    .where(and(eq(aiModels.id, input.ai_model_id), listedFor(tx, userId)));
  if (!model) throw badRequest({ ai_model_id: ['Unknown AI model.'] });
  await assertSchemasValid(input);
  const limit = model.capabilities.maxOutputTokens;
  if (input.parameters.max_tokens !== null && input.parameters.max_tokens > limit)
    throw badRequest({ 'parameters.max_tokens': [`Max tokens must be at most ${limit} for ${model.modelName}.`] });
  const refused = reasoningErrors(model, input.parameters);
  if (refused) throw badRequest(refused);
  return model;
}

/** Each tool's parameters and the response schema are JSON Schemas Ajv accepts; 400 naming the field otherwise. */
async function assertSchemasValid(input: SaveConfigurationInput) {
  const errors: Record<string, string[]> = {};
  for (const [index, tool] of input.tools.entries()) {
    const error = await jsonSchemaRefusal(tool.parameters);
    if (error) errors[`tools.${index}.parameters`] = [error];
  }
  if (input.response_schema) {
    const error = await jsonSchemaRefusal(input.response_schema.schema);
    if (error) errors['response_schema.schema'] = [error];
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors);
}

/** The texts a save left out: a new configuration's defaults, or what an existing one holds. */
type KeptTexts = { messages: ChatMessage[]; userTemplate: string };
const NEW_TEXTS: KeptTexts = { messages: [], userTemplate: DEFAULT_USER_TEMPLATE };

async function columnsFrom(input: SaveConfigurationInput, supportsJsonMode: boolean, kept: KeptTexts) {
  return {
    name: input.name,
    aiModelId: input.ai_model_id,
    promptContent: input.prompt_content,
    promptTokenCount: await countTokensOffLoop([input.prompt_content]),
    messages: input.messages ?? kept.messages,
    userTemplate: input.user_template ?? kept.userTemplate,
    // Sliders send 0.30000000000000004; store the step value.
    temperature: Math.round(input.parameters.temperature * 100) / 100,
    maxTokens: input.parameters.max_tokens,
    jsonMode: supportsJsonMode && input.provider_specific_params.json_mode === true,
    reasoning: input.parameters.reasoning,
    tools: input.tools,
    toolChoice: input.tool_choice,
    responseSchema: input.response_schema,
  };
}

export async function listConfigurations(db: Db | Tx, userId: number, projectId: number): Promise<Configuration[]> {
  await assertAllowed(db, userId, 'read', 'project', projectId);
  const rows = await db
    .select(selection)
    .from(configurations)
    .innerJoin(aiModels, eq(aiModels.id, configurations.aiModelId))
    .leftJoin(endpoints, eq(endpoints.id, aiModels.endpointId))
    .where(eq(configurations.projectId, projectId))
    .orderBy(asc(configurations.createdAt), asc(configurations.id));
  return rows.map(toConfiguration);
}

export async function createConfiguration(
  db: Db | Tx,
  userId: number,
  projectId: number,
  input: SaveConfigurationInput,
): Promise<Configuration> {
  const created = returnedRow(await createConfigurations(db, userId, projectId, [input]));
  return created;
}

/** Creates several configurations in one transaction, in order: all of them, or none when one is refused. */
export async function createConfigurations(
  db: Db | Tx,
  userId: number,
  projectId: number,
  inputs: SaveConfigurationInput[],
): Promise<Configuration[]> {
  for (const input of inputs) assertPayloadProject(input.project, projectId);
  return changeProject(db, userId, projectId, async (tx) => {
    const created: Configuration[] = [];
    for (const input of inputs) {
      const model = await findModel(tx, userId, input);
      const row = returnedRow(
        await tx
          .insert(configurations)
          .values({
            projectId,
            ...(await columnsFrom(input, model.supportsJsonMode, NEW_TEXTS)),
            isActive: input.is_active ?? true,
          })
          .returning({ id: configurations.id }),
      );
      created.push(toConfiguration(await getAllowed(tx, userId, 'read', row.id)));
    }
    return created;
  });
}

export async function updateConfiguration(
  db: Db | Tx,
  userId: number,
  id: number,
  input: SaveConfigurationInput,
): Promise<Configuration> {
  return db.transaction(async (tx) => {
    const { projectId } = (await getAllowed(tx, userId, 'write', id)).configuration;
    assertPayloadProject(input.project, projectId);
    await touchProject(tx, projectId);
    // Read again under the project's row lock: a save that committed meanwhile is what the precondition compares with.
    const existing = await getAllowed(tx, userId, 'write', id);
    if (changedSince(input.updated_at, existing.configuration.updatedAt))
      throw editConflict('system prompt', toConfiguration(existing));
    const model = await findModel(tx, userId, input);
    const columns = await columnsFrom(input, model.supportsJsonMode, existing.configuration);
    const version = await keepVersionIfChanged(tx, existing.configuration, columns);
    await tx
      .update(configurations)
      .set({
        ...columns,
        version,
        isActive: input.is_active ?? existing.configuration.isActive,
        updatedAt: sql`now()`,
      })
      .where(eq(configurations.id, id));
    return toConfiguration(await getAllowed(tx, userId, 'read', id));
  });
}

/**
 * A new configuration with the same texts (prompt, messages, user template), model and parameters, named
 * 'Copy of {name}', starting at version 1.
 */
export async function duplicateConfiguration(db: Db | Tx, userId: number, id: number): Promise<Configuration> {
  return db.transaction(async (tx) => {
    const { configuration: c } = await getAllowed(tx, userId, 'write', id);
    await touchProject(tx, c.projectId);
    const row = returnedRow(
      await tx
        .insert(configurations)
        .values({
          projectId: c.projectId,
          aiModelId: c.aiModelId,
          name: copyName(c.name),
          promptContent: c.promptContent,
          promptTokenCount: c.promptTokenCount,
          messages: c.messages,
          userTemplate: c.userTemplate,
          temperature: c.temperature,
          maxTokens: c.maxTokens,
          jsonMode: c.jsonMode,
          reasoning: c.reasoning,
          tools: c.tools,
          toolChoice: c.toolChoice,
          responseSchema: c.responseSchema,
          isActive: c.isActive,
        })
        .returning({ id: configurations.id }),
    );
    return toConfiguration(await getAllowed(tx, userId, 'read', row.id));
  });
}

export async function setConfigurationActive(
  db: Db | Tx,
  userId: number,
  id: number,
  input: PatchConfigurationInput,
): Promise<Configuration> {
  return db.transaction(async (tx) => {
    const existing = await getAllowed(tx, userId, 'write', id);
    await touchProject(tx, existing.configuration.projectId);
    await tx
      .update(configurations)
      .set({ isActive: input.is_active, updatedAt: sql`now()` })
      .where(eq(configurations.id, id));
    return toConfiguration(await getAllowed(tx, userId, 'read', id));
  });
}

export async function deleteConfiguration(db: Db | Tx, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await getAllowed(tx, userId, 'delete', id);
    await touchProject(tx, existing.configuration.projectId);
    await tx.delete(configurations).where(eq(configurations.id, id));
  });
}
