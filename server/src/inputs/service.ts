import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  copyName,
  INPUT_PAGE_SIZE,
  lastUserTurn,
  type ChatMessage,
  type CreateInputInput,
  type Input,
  type InputIds,
  type InputIdsQuery,
  type InputImage,
  type InputListQuery,
  type InputPage,
  type UpdateInputInput,
} from '@promptgrid/contract';
import type { Db, Tx } from '../db/client.js';
import { inputs } from '../db/schema.js';
import { returnedRow } from '../db/rows.js';
import { countTokensOffLoop } from '../lib/token-jobs.js';
import { assertPayloadProject, changeProject } from '../projects/service.js';
import { allowedRow, assertAllowed } from '../access/policy.js';
import { badRequest } from '../http/errors.js';
import { changedSince, editConflict } from '../http/preconditions.js';
import { copyInputImages, imagesOfInputs } from './images.js';

type InputRow = typeof inputs.$inferSelect;

/** The rows as the API shows them, each with its images. */
async function withImages(db: Db | Tx, rows: InputRow[]): Promise<Input[]> {
  const images = await imagesOfInputs(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toInput(row, images.get(row.id)));
}

export const toInput = (row: InputRow, images: InputImage[] = []): Input => ({
  id: row.id,
  project: row.projectId,
  name: row.name,
  content: row.content,
  messages: row.messages,
  variables: row.variables,
  expected_output: row.expectedOutput,
  active: row.active,
  token_count: row.tokenCount,
  images,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export async function listInputs(
  db: Db | Tx,
  userId: number,
  projectId: number,
  query: Pick<InputListQuery, 'search' | 'sort' | 'status'> = { sort: 'created', status: 'all' },
): Promise<Input[]> {
  await assertAllowed(db, userId, 'read', 'project', projectId);
  const rows = await db
    .select()
    .from(inputs)
    .where(matching(projectId, query))
    .orderBy(...ordering(query.sort));
  return withImages(db, rows);
}

/** One page of the user prompts that match the search, in the order asked for, and how many match in all. */
export async function pageInputs(
  db: Db | Tx,
  userId: number,
  projectId: number,
  query: InputListQuery,
): Promise<InputPage> {
  await assertAllowed(db, userId, 'read', 'project', projectId);
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? INPUT_PAGE_SIZE.default;
  const where = matching(projectId, query);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(inputs)
      .where(where)
      .orderBy(...ordering(query.sort))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(inputs)
      .where(where),
  ]);
  return { items: await withImages(db, rows), total: Number(returnedRow(totals).total), page, page_size: pageSize };
}

/** The ids of the user prompts that match the search and status, oldest first. */
export async function listInputIds(
  db: Db | Tx,
  userId: number,
  projectId: number,
  query: InputIdsQuery,
): Promise<InputIds> {
  await assertAllowed(db, userId, 'read', 'project', projectId);
  const rows = await db
    .select({ id: inputs.id })
    .from(inputs)
    .where(matching(projectId, query))
    .orderBy(...ordering('created'));
  return { ids: rows.map((row) => row.id) };
}

/** LIKE's own wildcards in a search text match themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

function matching(projectId: number, { search, status }: InputIdsQuery): SQL | undefined {
  const conditions = [eq(inputs.projectId, projectId)];
  if (status !== 'all') conditions.push(eq(inputs.active, status === 'active'));
  if (search?.trim()) {
    const pattern = likePattern(search.trim());
    conditions.push(
      or(ilike(inputs.name, pattern), ilike(inputs.content, pattern), ilike(inputs.expectedOutput, pattern))!,
    );
  }
  return and(...conditions);
}

const SORT_COLUMNS = { created: inputs.createdAt, name: inputs.name, tokens: inputs.tokenCount };

/** The order asked for, then creation order, so equal names or token counts page the same way every time. */
function ordering(sort: InputListQuery['sort']): SQL[] {
  const descending = sort.startsWith('-');
  const column = SORT_COLUMNS[sort.replace('-', '') as keyof typeof SORT_COLUMNS];
  const direction = descending ? desc : asc;
  return [direction(column), direction(inputs.createdAt), direction(inputs.id)];
}

/**
 * An input's text columns: a conversation's content is its last user turn and its tokens those of every turn; a text
 * input needs its content (400 otherwise).
 */
export async function textColumns(content: string | undefined, messages: ChatMessage[] | null) {
  if (messages) {
    const tokenCount = await countTokensOffLoop(messages.map((message) => message.content));
    return { content: lastUserTurn(messages), messages, tokenCount };
  }
  if (content === undefined) throw badRequest({ content: ['Content is required.'] });
  return { content, messages: null, tokenCount: await countTokensOffLoop([content]) };
}

export async function createInput(
  db: Db | Tx,
  userId: number,
  projectId: number,
  input: CreateInputInput,
): Promise<Input> {
  assertPayloadProject(input.project, projectId);
  return changeProject(db, userId, projectId, async (tx) => {
    const row = returnedRow(
      await tx
        .insert(inputs)
        .values({
          projectId,
          name: input.name,
          ...(await textColumns(input.content, input.messages)),
          variables: input.variables,
          expectedOutput: input.expected_output,
          active: input.active ?? true,
        })
        .returning(),
    );
    return toInput(row);
  });
}

/** The input `inputId` if it is in the project, whose owner changeProject has checked. */
const inputOfProject = (projectId: number, inputId: number) =>
  and(eq(inputs.id, inputId), eq(inputs.projectId, projectId));

export async function updateInput(
  db: Db | Tx,
  userId: number,
  projectId: number,
  inputId: number,
  input: UpdateInputInput,
): Promise<Input> {
  assertPayloadProject(input.project, projectId);
  return changeProject(db, userId, projectId, async (tx) => {
    // Messages left out keep the input as it is: a conversation stays one, and its content its last user turn.
    const existing = allowedRow(await tx.select().from(inputs).where(inputOfProject(projectId, inputId)), 'input');
    if (changedSince(input.updated_at, existing.updatedAt))
      throw editConflict('user prompt', (await withImages(tx, [existing]))[0]);
    const updated = await tx
      .update(inputs)
      .set({
        name: input.name,
        ...(await textColumns(input.content, input.messages === undefined ? existing.messages : input.messages)),
        variables: input.variables,
        expectedOutput: input.expected_output,
        active: input.active,
        updatedAt: sql`now()`,
      })
      .where(inputOfProject(projectId, inputId))
      .returning();
    const [changed] = await withImages(tx, [allowedRow(updated, 'input')]);
    return changed!;
  });
}

/** A new input with the same content, named 'Copy of {name}'. */
export async function duplicateInput(db: Db | Tx, userId: number, projectId: number, inputId: number): Promise<Input> {
  return changeProject(db, userId, projectId, async (tx) => {
    const source = allowedRow(await tx.select().from(inputs).where(inputOfProject(projectId, inputId)), 'input');
    const row = returnedRow(
      await tx
        .insert(inputs)
        .values({
          projectId,
          name: copyName(source.name),
          content: source.content,
          messages: source.messages,
          variables: source.variables,
          expectedOutput: source.expectedOutput,
          active: source.active,
          tokenCount: source.tokenCount,
        })
        .returning(),
    );
    await copyInputImages(tx, source.id, row.id);
    const [copy] = await withImages(tx, [row]);
    return copy!;
  });
}

export async function deleteInput(db: Db | Tx, userId: number, projectId: number, inputId: number): Promise<void> {
  await changeProject(db, userId, projectId, async (tx) => {
    const deleted = await tx.delete(inputs).where(inputOfProject(projectId, inputId)).returning({ id: inputs.id });
    allowedRow(deleted, 'input');
  });
}
