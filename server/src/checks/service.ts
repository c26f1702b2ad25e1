import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CHECK_TYPES_WITH_DECLARED_SCHEMA, type Check, type SaveCheckInput } from '@promptgrid/contract';
import type { Db, Tx } from '../db/client.js';
import { aiModels, checks, configurations, evaluations, inputs, scores } from '../db/schema.js';
import { returnedRow } from '../db/rows.js';
import { badRequest } from '../http/errors.js';
import { allowedRow, assertAllowed, readAllowedRow } from '../access/policy.js';
import { linearRegexError } from './linear-regex.js';
import { jsonSchemaRefusal } from './schema-jobs.js';
import { listedFor } from '../models/visibility.js';

type CheckRow = typeof checks.$inferSelect;

const toCheck = (row: CheckRow): Check => ({
  id: row.id,
  project: row.projectId,
  name: row.name,
  type: row.type,
  value: row.value,
  ai_model_id: row.aiModelId,
  input_ids: row.inputIds,
  configuration_ids: row.configurationIds,
  is_active: row.isActive,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/**
 * What the contract cannot decide alone: the schema compiles in Ajv (on the untrusted-work pool), the linear-time
 * engine runs the pattern, the judge model exists, the inputs and configurations are the project's.
 */
export async function assertCheckValid(
  tx: Tx,
  userId: number,
  projectId: number,
  check: SaveCheckInput,
): Promise<void> {
  if (CHECK_TYPES_WITH_DECLARED_SCHEMA.includes(check.type) && check.value.trim() !== '') {
    const error = await jsonSchemaRefusal(check.value);
    if (error) throw badRequest({ value: [error] });
  }
  if (check.type === 'regex') {
    const error = await linearRegexError(check.value);
    if (error) throw badRequest({ value: [error] });
  }
  if (check.ai_model_id !== null) {
    // A judge runs on a model the user may pick: the catalog's, or one of their own endpoints'.
    const [model] = await tx
      .select({ id: aiModels.id })
      .from(aiModels)
      .where(and(eq(aiModels.id, check.ai_model_id), listedFor(tx, userId)));
    if (!model) throw badRequest({ ai_model_id: ['Unknown AI model.'] });
  }
  await assertInProject(tx, inputs, projectId, check.input_ids, {
    input_ids: ["Every input must be one of this project's inputs."],
  });
  await assertInProject(tx, configurations, projectId, check.configuration_ids, {
    configuration_ids: ["Every configuration must be one of this project's."],
  });
}

/** 400 with `refusal` unless every id names a row of the project's (inputs or configurations). */
async function assertInProject(
  tx: Tx,
  table: typeof inputs | typeof configurations,
  projectId: number,
  ids: number[] | null,
  refusal: Record<string, string[]>,
) {
  if (ids === null || ids.length === 0) return;
  const wanted = [...new Set(ids)];
  const found = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.projectId, projectId), inArray(table.id, wanted)));
  if (found.length !== wanted.length) throw badRequest(refusal);
}

const columnsFrom = (check: SaveCheckInput) => ({
  name: check.name,
  type: check.type,
  value: check.value,
  aiModelId: check.ai_model_id,
  inputIds: check.input_ids === null ? null : [...new Set(check.input_ids)],
  configurationIds: check.configuration_ids === null ? null : [...new Set(check.configuration_ids)],
  isActive: check.is_active,
});

export async function listChecks(db: Db | Tx, userId: number, projectId: number): Promise<Check[]> {
  await assertAllowed(db, userId, 'read', 'project', projectId);
  const rows = await db.select().from(checks).where(eq(checks.projectId, projectId)).orderBy(asc(checks.id));
  return rows.map(toCheck);
}

export async function createCheck(
  db: Db | Tx,
  userId: number,
  projectId: number,
  input: SaveCheckInput,
): Promise<Check> {
  return db.transaction(async (tx) => {
    await assertAllowed(tx, userId, 'write', 'project', projectId);
    await assertCheckValid(tx, userId, projectId, input);
    const row = returnedRow(
      await tx
        .insert(checks)
        .values({ projectId, ...columnsFrom(input) })
        .returning(),
    );
    return toCheck(row);
  });
}

export async function updateCheck(db: Db | Tx, userId: number, id: number, input: SaveCheckInput): Promise<Check> {
  return db.transaction(async (tx) => {
    const existing = await readAllowedRow(tx, userId, 'write', 'check', id);
    await assertCheckValid(tx, userId, existing.projectId, input);
    // Deleted since it was read, with its project or on its own, by another request: the same 404.
    const row = allowedRow(
      await tx
        .update(checks)
        .set({ ...columnsFrom(input), updatedAt: sql`now()` })
        .where(eq(checks.id, id))
        .returning(),
      'check',
    );
    return toCheck(row);
  });
}

/** Deletes the check and its scores: a verdict of a check that no longer exists could not be read. */
export async function deleteCheck(db: Db | Tx, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const check = await readAllowedRow(tx, userId, 'delete', 'check', id);
    await tx
      .delete(scores)
      .where(
        and(
          eq(scores.checkId, id),
          inArray(
            scores.evaluationId,
            tx.select({ id: evaluations.id }).from(evaluations).where(eq(evaluations.projectId, check.projectId)),
          ),
        ),
      );
    await tx.delete(checks).where(eq(checks.id, id));
  });
}
