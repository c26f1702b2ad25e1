// Importing a project: the files read into a plan (preview), then the plan created, all of it or nothing.
import type { ImportProjectInput, ImportProjectResponse, ImportReport } from '@promptgrid/contract';
import type { Db } from '../db/client.js';
import { aiModels } from '../db/schema.js';
import { createCheck } from '../checks/service.js';
import { createConfigurations } from '../configurations/service.js';
import { countImportedInputs, createImportedInputs } from '../inputs/transfer.js';
import { listedFor } from '../models/visibility.js';
import { changeProject, createProject } from '../projects/service.js';
import { runUntrusted } from '../untrusted-work/pool.js';
import type { ModelChoice } from './plan.js';

async function readModels(db: Db, userId: number): Promise<ModelChoice[]> {
  return db
    .select({ id: aiModels.id, company: aiModels.company, model_name: aiModels.modelName })
    .from(aiModels)
    .where(listedFor(db, userId));
}

/** How long reading an import's files may take: a real config and its tests are read in well under a second. */
export const IMPORT_READING_DEADLINE_MS = 10_000;

/** The uploaded files read on the untrusted-work pool, by one of its import tasks. */
async function readUpload<Task extends 'previewProjectImport' | 'checkedProjectImport'>(
  db: Db,
  userId: number,
  request: ImportProjectInput,
  task: Task,
) {
  const models = await readModels(db, userId);
  return runUntrusted(
    task,
    {
      files: request.files,
      format: request.format,
      models,
      name: request.name,
      provider_models: request.provider_models,
    },
    { deadlineMs: IMPORT_READING_DEADLINE_MS, what: 'Reading the import' },
  );
}

export async function previewProjectImport(db: Db, userId: number, request: ImportProjectInput): Promise<ImportReport> {
  return readUpload(db, userId, request, 'previewProjectImport');
}

/**
 * Every part is checked with the contract's schemas (on the pool) and the inputs' tokens counted before anything is
 * written; then the project and everything in it are created in one transaction: an import creates a whole project or
 * none, whichever step fails.
 */
export async function importProject(
  db: Db,
  userId: number,
  request: ImportProjectInput,
): Promise<ImportProjectResponse> {
  const read = await readUpload(db, userId, request, 'checkedProjectImport');
  const inputRows = await countImportedInputs(read.inputs);
  const projectId = await db.transaction(async (tx) => {
    const project = await createProject(tx, userId, read.project);
    await createConfigurations(tx, userId, project.id, read.configurations);
    const inputIds = await changeProject(tx, userId, project.id, (inner) =>
      createImportedInputs(inner, project.id, inputRows),
    );
    for (const { check, inputs } of read.checks) {
      const inputIdsOfCheck = inputs === null ? null : inputs.map((n) => inputIds[n]).filter((id) => id !== undefined);
      await createCheck(tx, userId, project.id, { ...check, input_ids: inputIdsOfCheck });
    }
    return project.id;
  });
  return { project_id: projectId, report: read.report };
}
