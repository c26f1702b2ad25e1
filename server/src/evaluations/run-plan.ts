import { and, eq, inArray } from 'drizzle-orm';
import { INPUT_VARIABLE, type RunEvaluationInput } from '@promptgrid/contract';
import type { Db } from '../db/client.js';
import { aiModels, configurations, endpoints, inputs, projects, type RunSnapshot } from '../db/schema.js';
import { badRequest } from '../http/errors.js';
import { denied } from '../access/policy.js';
import { runUntrusted } from '../untrusted-work/pool.js';
import type { RunPrompts } from './templates.js';
import { imagesOfInputs } from '../inputs/images.js';

const unique = (ids: number[]) => [...new Set(ids)];

/** What a run would run: its snapshot (configurations with their model and price, inputs) and filled-in texts. */
export type RunPlan = {
  projectId: number;
  snapshot: RunSnapshot;
  prompts: RunPrompts;
};

/**
 * Reads the user's chosen configurations and inputs (404 when one is not theirs, 400 when they span projects or a
 * template lacks a variable) and freezes them as a run would send them. Used by a run and by its estimate.
 */
export async function planRun(
  db: Db,
  userId: number,
  input: Pick<RunEvaluationInput, 'configuration_ids' | 'input_ids'>,
): Promise<RunPlan> {
  const configurationIds = unique(input.configuration_ids);
  const inputIds = unique(input.input_ids);

  const configRows = await db
    .select({ configuration: configurations, model: aiModels, endpointName: endpoints.name })
    .from(configurations)
    .innerJoin(aiModels, eq(aiModels.id, configurations.aiModelId))
    .leftJoin(endpoints, eq(endpoints.id, aiModels.endpointId))
    .innerJoin(projects, eq(projects.id, configurations.projectId))
    .where(and(inArray(configurations.id, configurationIds), eq(projects.userId, userId)));
  if (configRows.length !== configurationIds.length) throw denied('configuration');
  const inputRows =
    inputIds.length === 0
      ? []
      : await db
          .select({ input: inputs })
          .from(inputs)
          .innerJoin(projects, eq(projects.id, inputs.projectId))
          .where(and(inArray(inputs.id, inputIds), eq(projects.userId, userId)));
  if (inputRows.length !== inputIds.length) throw denied('input');

  const [projectId, ...otherProjectIds] = new Set([
    ...configRows.map((r) => r.configuration.projectId),
    ...inputRows.map((r) => r.input.projectId),
  ]);
  if (projectId === undefined || otherProjectIds.length > 0)
    throw badRequest({ non_field_errors: ['All prompts and inputs of a run must belong to one project.'] });

  // Keep the order the caller chose.
  const configById = new Map(configRows.map((r) => [r.configuration.id, r]));
  const inputById = new Map(inputRows.map((r) => [r.input.id, r.input]));
  const imagesById = await imagesOfInputs(db, inputIds);
  const snapshot: RunSnapshot = {
    configurations: configurationIds.map((id) => {
      const { configuration: c, model: m, endpointName } = configById.get(id)!;
      return {
        id: c.id,
        name: c.name,
        prompt_content: c.promptContent,
        ai_model: {
          id: m.id,
          company: m.company,
          endpoint_id: m.endpointId,
          ...(endpointName === null ? {} : { endpoint_name: endpointName }),
          model_name: m.modelName,
          capabilities: m.capabilities,
          price: m.price ?? null,
        },
        parameters: { temperature: c.temperature, max_tokens: c.maxTokens, reasoning: c.reasoning },
        json_mode: m.supportsJsonMode && c.jsonMode,
        tools: c.tools,
        tool_choice: c.toolChoice,
        response_schema: c.responseSchema,
        version: c.version,
        messages: c.messages,
        user_template: c.userTemplate,
      };
    }),
    inputs: inputIds.map((id) => {
      const i = inputById.get(id)!;
      // The expected output and the variables are frozen too: checks compare with what the input expected when it
      // ran, and the results show the variables it ran with, whatever is edited later.
      return {
        id: i.id,
        name: i.name,
        content: i.content,
        expected_output: i.expectedOutput,
        messages: i.messages,
        variables: i.variables,
        // Only the ids and sizes: a call reads the bytes when it is sent.
        ...(imagesById.has(id) ? { images: imagesById.get(id) } : {}),
      };
    }),
  };
  assertModelsReadImages(snapshot);
  const prompts = mayUseVariables(snapshot)
    ? await runUntrusted('fillRunTemplates', snapshot, { what: "Filling in the run's prompts" })
    : null;
  return { projectId, snapshot, prompts };
}

/**
 * Whether a text of the run may use a variable: one holding `{{`, a user template's own `{{input}}` aside (the braces
 * of any other placeholder survive removing it). A run without any (most runs) has nothing to fill, as
 * fillRunTemplates would answer, without a job on the pool: one scan of each text for two characters is not the
 * prompts × inputs work the pool is for.
 */
function mayUseVariables({ configurations, inputs }: RunSnapshot): boolean {
  const braces = (text: string) => text.includes('{{');
  return (
    configurations.some(
      (c) =>
        braces(c.prompt_content) ||
        (c.messages ?? []).some((m) => braces(m.content)) ||
        braces((c.user_template ?? '').replaceAll(`{{${INPUT_VARIABLE}}}`, '')),
    ) || inputs.some((i) => (i.messages ? i.messages.some((m) => braces(m.content)) : braces(i.content)))
  );
}

/** 400 naming each configuration whose model does not read images and each input of the run that carries some. */
function assertModelsReadImages(snapshot: RunSnapshot) {
  const withImages = snapshot.inputs.filter((i) => (i.images?.length ?? 0) > 0);
  if (withImages.length === 0) return;
  const textOnly = snapshot.configurations.filter((c) => !c.ai_model.capabilities.vision);
  const names = withImages.map((i) => `"${i.name}"`).join(', ');
  const inputsPart = withImages.length === 1 ? `the input ${names} has images` : `the inputs ${names} have images`;
  const messages = textOnly.map(
    (c) =>
      `Configuration "${c.name}" uses ${c.ai_model.model_name}, which does not read images; ` +
      `${inputsPart}. Choose a vision model or leave the input out.`,
  );
  if (messages.length > 0) throw badRequest({ configuration_ids: messages });
}
