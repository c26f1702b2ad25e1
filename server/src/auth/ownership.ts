import { and, eq, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db, Tx } from '../db/client.js';
import { accessTokens, apiKeys, endpoints, evaluations, projects } from '../db/schema.js';
import { notFound } from '../http/errors.js';

/**
 * Every id a request names is looked up as the signed-in user's: a row of another user answers the same 404 as a row
 * that does not exist, so an id says nothing about whether someone else has it.
 */
const notFoundMessages = {
  project: 'Project not found.',
  evaluation: 'Evaluation not found.',
  configuration: 'Configuration not found.',
  input: 'Input not found.',
  check: 'Check not found.',
  apiRequest: 'Api request not found.',
  apiKey: 'API key not found.',
  accessToken: 'Token not found.',
  endpoint: 'Endpoint not found.',
} as const;

type Owned = keyof typeof notFoundMessages;

/** The 404 for an id of `what` that is not the user's (or does not exist). */
export const notOwned = (what: Owned) => notFound(notFoundMessages[what]);

/** The first row a query scoped to the user found; the 404 of `what` when it found none. */
export function ownedRow<Row>(rows: Row[], what: Owned): Row {
  const [row] = rows;
  if (row === undefined) throw notOwned(what);
  return row;
}

/** Conditions that find a row by id only when the user owns it, for the selects, updates and deletes of its table. */
export const ownProject = (userId: number, id: number): SQL => and(eq(projects.id, id), eq(projects.userId, userId))!;
export const ownEvaluation = (userId: number, id: number): SQL =>
  and(eq(evaluations.id, id), eq(evaluations.userId, userId))!;
export const ownEndpoint = (userId: number, id: number): SQL =>
  and(eq(endpoints.id, id), eq(endpoints.userId, userId))!;
export const ownApiKey = (userId: number, id: number): SQL => and(eq(apiKeys.id, id), eq(apiKeys.userId, userId))!;
export const ownAccessToken = (userId: number, id: number): SQL =>
  and(eq(accessTokens.id, id), eq(accessTokens.userId, userId))!;

/** The user's project `id` with the columns asked for; 404 unless it exists and is theirs. */
export async function ownedProject<Columns extends SelectedFields>(
  db: Db | Tx,
  userId: number,
  id: number,
  columns: Columns,
): Promise<SelectResultFields<Columns>> {
  // Drizzle types a select of generic columns as any; the columns asked for are what it answers.
  const rows = (await db.select(columns).from(projects).where(ownProject(userId, id))) as SelectResultFields<Columns>[];
  return ownedRow(rows, 'project');
}

/** The user's evaluation `id` with the columns asked for; 404 unless it exists and is theirs. */
export async function ownedEvaluation<Columns extends SelectedFields>(
  db: Db | Tx,
  userId: number,
  id: number,
  columns: Columns,
): Promise<SelectResultFields<Columns>> {
  // Drizzle types a select of generic columns as any; the columns asked for are what it answers.
  const rows = (await db
    .select(columns)
    .from(evaluations)
    .where(ownEvaluation(userId, id))) as SelectResultFields<Columns>[];
  return ownedRow(rows, 'evaluation');
}

/** 404 unless the project exists and is the user's. */
export async function assertOwnsProject(db: Db | Tx, userId: number, id: number): Promise<void> {
  await ownedProject(db, userId, id, { id: projects.id });
}

/** 404 unless the evaluation exists and is the user's. */
export async function assertOwnsEvaluation(db: Db | Tx, userId: number, id: number): Promise<void> {
  await ownedEvaluation(db, userId, id, { id: evaluations.id });
}
