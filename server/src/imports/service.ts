// Importing a project: the files read into a plan (preview), then the plan created, all of it or nothing.
import type { z } from 'zod';
import {
  ImportedInput,
  SaveCheckInput,
  SaveConfigurationInput,
  type ImportProjectInput,
  type ImportProjectResponse,
  type ImportReport,
} from '@promptgrid/contract';
import type { Db } from '../db/client.js';
import { aiModels } from '../db/schema.js';
import { badRequest } from '../http/errors.js';
import { createCheck } from '../checks/service.js';
import { createConfigurations } from '../configurations/service.js';
import { createImportedInputs } from '../inputs/transfer.js';
import { listedFor } from '../models/visibility.js';
import { createProject, deleteProject } from '../projects/service.js';
import { runUntrusted } from '../untrusted-work/pool.js';
import type { ImportPlan, ModelChoice } from './plan.js';
import { reportOf } from './report.js';

/** A part of the plan checked as the API would check it; its problems answer 400 under `field`. */
function checked<Schema extends z.ZodType>(schema: Schema, value: unknown, field: string): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw badRequest({
    [field]: result.error.issues.map((issue) => `${issue.path.join('.') || 'value'}: ${issue.message}`),
  });
}

async function readModels(db: Db, userId: number): Promise<ModelChoice[]> {
  return db
    .select({ id: aiModels.id, company: aiModels.company, model_name: aiModels.modelName })
    .from(aiModels)
    .where(listedFor(db, userId));
}

/** How long reading an import's files may take: a real config and its tests are read in well under a second. */
export const IMPORT_READING_DEADLINE_MS = 10_000;

/** The plan the uploaded files make, read on the untrusted-work pool. */
async function planImport(db: Db, userId: number, request: ImportProjectInput): Promise<ImportPlan> {
  const models = await readModels(db, userId);
  const plan = await runUntrusted(
    'planProjectImport',
    { files: request.files, format: request.format, models },
    { deadlineMs: IMPORT_READING_DEADLINE_MS, what: 'Reading the import' },
  );
  return request.name ? { ...plan, project_name: request.name } : plan;
}

export async function previewProjectImport(db: Db, userId: number, request: ImportProjectInput): Promise<ImportReport> {
  return reportOf(await planImport(db, userId, request));
}

/**
 * Every part is checked with the contract's schemas before anything is written, and a failure while writing deletes
 * the new project again: an import creates a whole project or none.
 */
export async function importProject(
  db: Db,
  userId: number,
  request: ImportProjectInput,
): Promise<ImportProjectResponse> {
  const plan = await planImport(db, userId, request);
  if (plan.configurations.length === 0 && plan.inputs.length === 0)
    throw badRequest({ files: ['The config has no prompt with a provider Promptgrid can run, and no tests.'] });
  const configurations = plan.configurations.map((c, index) =>
    checked(
      SaveConfigurationInput,
      {
        name: c.name,
        prompt_content: c.prompt_content,
        messages: c.messages,
        ...(c.user_template === null ? {} : { user_template: c.user_template }),
        ai_model_id: c.ai_model_id,
        parameters: { temperature: c.temperature ?? undefined, max_tokens: c.max_tokens },
        provider_specific_params: { json_mode: c.json_mode },
      },
      `configurations.${index}`,
    ),
  );
  const inputs = plan.inputs.map((input, index) => checked(ImportedInput, input, `inputs.${index}`));
  const checks = plan.checks.map((check, index) =>
    checked(
      SaveCheckInput,
      { name: check.name.slice(0, 200), type: check.type, value: check.value, ai_model_id: check.ai_model_id },
      `checks.${index}`,
    ),
  );
  const project = await createProject(db, userId, { name: plan.project_name, description: plan.description });
  try {
    await createConfigurations(db, userId, project.id, configurations);
    const inputIds = await createImportedInputs(db, userId, project.id, inputs);
    for (const [index, check] of checks.entries()) {
      const scope = plan.checks[index]?.inputs ?? null;
      const inputIdsOfCheck = scope === null ? null : scope.map((n) => inputIds[n]).filter((id) => id !== undefined);
      await createCheck(db, userId, project.id, { ...check, input_ids: inputIdsOfCheck });
    }
  } catch (error) {
    await deleteProject(db, userId, project.id);
    throw error;
  }
  return { project_id: project.id, report: reportOf(plan) };
}
