import { and, asc, eq, sql } from 'drizzle-orm';
import { copyName, type CreateInputInput, type Input, type UpdateInputInput } from '@promptgrid/contract';
import type { Db } from '../db/client.js';
import { inputs } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { countTokens } from '../lib/tokens.js';
import { assertPayloadProject, assertProjectOwner, changeProject } from '../projects/service.js';

type InputRow = typeof inputs.$inferSelect;

export const toInput = (row: InputRow): Input => ({
  id: row.id,
  project: row.projectId,
  name: row.name,
  content: row.content,
  variables: row.variables,
  expected_output: row.expectedOutput,
  active: row.active,
  token_count: row.tokenCount,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export async function listInputs(db: Db, userId: number, projectId: number): Promise<Input[]> {
  await assertProjectOwner(db, userId, projectId);
  const rows = await db
    .select()
    .from(inputs)
    .where(eq(inputs.projectId, projectId))
    .orderBy(asc(inputs.createdAt), asc(inputs.id));
  return rows.map(toInput);
}

export async function createInput(db: Db, userId: number, projectId: number, input: CreateInputInput): Promise<Input> {
  assertPayloadProject(input.project, projectId);
  return changeProject(db, userId, projectId, async (tx) => {
    const [row] = await tx
      .insert(inputs)
      .values({
        projectId,
        name: input.name,
        content: input.content,
        variables: input.variables,
        expectedOutput: input.expected_output,
        active: input.active ?? true,
        tokenCount: countTokens(input.content),
      })
      .returning();
    return toInput(row);
  });
}

export async function updateInput(
  db: Db,
  userId: number,
  projectId: number,
  inputId: number,
  input: UpdateInputInput,
): Promise<Input> {
  assertPayloadProject(input.project, projectId);
  return changeProject(db, userId, projectId, async (tx) => {
    const [row] = await tx
      .update(inputs)
      .set({
        name: input.name,
        content: input.content,
        variables: input.variables,
        expectedOutput: input.expected_output,
        active: input.active,
        tokenCount: countTokens(input.content),
        updatedAt: sql`now()`,
      })
      .where(and(eq(inputs.id, inputId), eq(inputs.projectId, projectId)))
      .returning();
    if (!row) throw notFound('Input not found.');
    return toInput(row);
  });
}

/** A new input with the same content, named 'Copy of {name}'. */
export async function duplicateInput(db: Db, userId: number, projectId: number, inputId: number): Promise<Input> {
  return changeProject(db, userId, projectId, async (tx) => {
    const [source] = await tx
      .select()
      .from(inputs)
      .where(and(eq(inputs.id, inputId), eq(inputs.projectId, projectId)));
    if (!source) throw notFound('Input not found.');
    const [row] = await tx
      .insert(inputs)
      .values({
        projectId,
        name: copyName(source.name),
        content: source.content,
        variables: source.variables,
        expectedOutput: source.expectedOutput,
        active: source.active,
        tokenCount: source.tokenCount,
      })
      .returning();
    return toInput(row);
  });
}

export async function deleteInput(db: Db, userId: number, projectId: number, inputId: number): Promise<void> {
  await changeProject(db, userId, projectId, async (tx) => {
    const deleted = await tx
      .delete(inputs)
      .where(and(eq(inputs.id, inputId), eq(inputs.projectId, projectId)))
      .returning({ id: inputs.id });
    if (deleted.length === 0) throw notFound('Input not found.');
  });
}
