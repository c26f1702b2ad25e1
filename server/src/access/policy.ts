import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { QueryBuilder, type PgColumn, type PgTable, type SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db, Tx } from '../db/client.js';
import {
  accessTokens,
  apiKeys,
  apiRequests,
  checks,
  configurations,
  endpoints,
  evaluations,
  inputs,
  projects,
} from '../db/schema.js';
import { notFound } from '../http/errors.js';

/**
 * The one answer to "may this user do this to that": every id a request names is looked up through `allows`, the
 * condition that finds the row only when the user may act on it. A row the user may not touch answers the same 404 as
 * a row that does not exist, so an id says nothing about whether someone else has it.
 */
export type Action = 'read' | 'write' | 'delete';

const notFoundMessages = {
  project: 'Project not found.',
  configuration: 'Configuration not found.',
  input: 'Input not found.',
  check: 'Check not found.',
  evaluation: 'Evaluation not found.',
  apiRequest: 'Api request not found.',
  endpoint: 'Endpoint not found.',
  apiKey: 'API key not found.',
  accessToken: 'Token not found.',
} as const;

export type Resource = keyof typeof notFoundMessages;

/**
 * The projects in which the user may do `action`, as a condition over the projects table. Everything that hangs under
 * a project is decided here: today only a project's owner has access, and may do every action. A project shared with
 * members is one more alternative in this function: a row of the members table for this user whose role permits
 * `action`.
 */
export function projectsAllowing(userId: number, _action: Action): SQL {
  return eq(projects.userId, userId);
}

// A select without a database: the subquery is rendered inside whichever query the condition ends up in.
const query = new QueryBuilder();
const allowedProjectIds = (userId: number, action: Action) =>
  query.select({ id: projects.id }).from(projects).where(projectsAllowing(userId, action));

/** One query shape per resource: the condition over its table that finds row `id` only when the user may act on it. */
const conditions: Record<Resource, (userId: number, action: Action, id: number) => SQL> = {
  project: (userId, action, id) => and(eq(projects.id, id), projectsAllowing(userId, action))!,
  configuration: (userId, action, id) =>
    and(eq(configurations.id, id), inArray(configurations.projectId, allowedProjectIds(userId, action)))!,
  input: (userId, action, id) => and(eq(inputs.id, id), inArray(inputs.projectId, allowedProjectIds(userId, action)))!,
  check: (userId, action, id) => and(eq(checks.id, id), inArray(checks.projectId, allowedProjectIds(userId, action)))!,
  evaluation: (userId, action, id) =>
    and(eq(evaluations.id, id), inArray(evaluations.projectId, allowedProjectIds(userId, action)))!,
  apiRequest: (userId, action, id) =>
    and(
      eq(apiRequests.id, id),
      inArray(
        apiRequests.evaluationId,
        query
          .select({ id: evaluations.id })
          .from(evaluations)
          .where(inArray(evaluations.projectId, allowedProjectIds(userId, action))),
      ),
    )!,
  // A user's own settings: nobody else has any access to them, whatever the action.
  endpoint: (userId, _action, id) => and(eq(endpoints.id, id), eq(endpoints.userId, userId))!,
  apiKey: (userId, _action, id) => and(eq(apiKeys.id, id), eq(apiKeys.userId, userId))!,
  accessToken: (userId, _action, id) => and(eq(accessTokens.id, id), eq(accessTokens.userId, userId))!,
};

const tables = {
  project: projects,
  configuration: configurations,
  input: inputs,
  check: checks,
  evaluation: evaluations,
  apiRequest: apiRequests,
  endpoint: endpoints,
  apiKey: apiKeys,
  accessToken: accessTokens,
} as const;

/** The condition for the selects, updates and deletes of `resource`'s table: row `id`, if the user may `action` it. */
export function allows(userId: number, action: Action, resource: Resource, id: number): SQL {
  return conditions[resource](userId, action, id);
}

/** The 404 for an id of `resource` the user may not act on (or that does not exist). */
export const denied = (resource: Resource) => notFound(notFoundMessages[resource]);

/** The first row a query through `allows` found; the 404 of `resource` when it found none. */
export function allowedRow<Row>(rows: Row[], resource: Resource): Row {
  const [row] = rows;
  if (row === undefined) throw denied(resource);
  return row;
}

/** Row `id` of `resource` with the columns asked for; 404 unless the user may `action` it. */
export async function readAllowed<Columns extends SelectedFields>(
  db: Db | Tx,
  userId: number,
  action: Action,
  resource: Resource,
  id: number,
  columns: Columns,
): Promise<SelectResultFields<Columns>> {
  // Drizzle types a select of generic columns as any; the columns asked for are what it answers.
  const rows = (await db
    .select(columns)
    .from(tables[resource])
    .where(allows(userId, action, resource, id))) as SelectResultFields<Columns>[];
  return allowedRow(rows, resource);
}

type RowOf<R extends Resource> = (typeof tables)[R]['$inferSelect'];

/** The whole row `id` of `resource`; 404 unless the user may `action` it. */
export async function readAllowedRow<R extends Resource>(
  db: Db | Tx,
  userId: number,
  action: Action,
  resource: R,
  id: number,
): Promise<RowOf<R>> {
  // Drizzle cannot type a select from a table chosen at run time; the table of `resource` is what it reads.
  const table = tables[resource] as PgTable;
  return allowedRow(
    await db
      .select()
      .from(table)
      .where(allows(userId, action, resource, id)),
    resource,
  ) as RowOf<R>;
}

/** Deletes row `id` of `resource`; 404 unless the user may delete it. */
export async function deleteAllowed(db: Db | Tx, userId: number, resource: Resource, id: number): Promise<void> {
  const table = tables[resource] as PgTable & { id: PgColumn };
  const deleted = await db
    .delete(table)
    .where(allows(userId, 'delete', resource, id))
    .returning({ id: table.id });
  allowedRow(deleted, resource);
}

/** 404 unless the user may `action` row `id` of `resource`. */
export async function assertAllowed(
  db: Db | Tx,
  userId: number,
  action: Action,
  resource: Resource,
  id: number,
): Promise<void> {
  await readAllowed(db, userId, action, resource, id, { id: tables[resource].id });
}
