import { desc, eq, sql } from 'drizzle-orm';
import type { Project, SaveProjectInput } from '@promptgrid/contract';
import type { Db, Tx } from '../db/client.js';
import { configurations, inputs, projects } from '../db/schema.js';
import { returnedRow } from '../db/rows.js';
import { allowedRow, allows, denied, projectsAllowing, readAllowed, deleteAllowed } from '../access/policy.js';

const projectColumns = {
  id: projects.id,
  name: projects.name,
  description: projects.description,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
  // Qualified by hand: Drizzle renders columns of a single-table select unqualified, and inside the subquery
  // a bare "id" would name the inner table's id.
  configCount: sql<number>`(select count(*)::int from ${configurations} where ${configurations}.project_id = ${projects}.id)`,
  inputCount: sql<number>`(select count(*)::int from ${inputs} where ${inputs}.project_id = ${projects}.id)`,
};

type ProjectRow = {
  id: number;
  name: string;
  description: string;
  createdAt: Date;
  updatedAt: Date;
  configCount: number;
  inputCount: number;
};

const toProject = (row: ProjectRow): Project => ({
  id: row.id,
  name: row.name,
  description: row.description,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  config_count: Number(row.configCount),
  input_count: Number(row.inputCount),
});

export async function listProjects(db: Db | Tx, userId: number): Promise<Project[]> {
  const rows = await db
    .select(projectColumns)
    .from(projects)
    .where(projectsAllowing(userId, 'read'))
    .orderBy(desc(projects.updatedAt), desc(projects.id));
  return rows.map(toProject);
}

export async function getProject(db: Db | Tx, userId: number, projectId: number): Promise<Project> {
  return toProject(await readAllowed(db, userId, 'read', 'project', projectId, projectColumns));
}

export async function createProject(db: Db | Tx, userId: number, input: SaveProjectInput): Promise<Project> {
  const row = returnedRow(
    await db
      .insert(projects)
      .values({ userId, ...input })
      .returning({ id: projects.id }),
  );
  return getProject(db, userId, row.id);
}

export async function updateProject(
  db: Db | Tx,
  userId: number,
  projectId: number,
  input: SaveProjectInput,
): Promise<Project> {
  const updated = await db
    .update(projects)
    .set({ ...input, updatedAt: sql`now()` })
    .where(allows(userId, 'write', 'project', projectId))
    .returning({ id: projects.id });
  allowedRow(updated, 'project');
  return getProject(db, userId, projectId);
}

export async function deleteProject(db: Db | Tx, userId: number, projectId: number): Promise<void> {
  await deleteAllowed(db, userId, 'project', projectId);
}

/**
 * A project id inside a payload must name the project the path (or the stored row) names; anything else is refused
 * like another user's id.
 */
export function assertPayloadProject(payloadProject: number | undefined, projectId: number): void {
  if (payloadProject !== undefined && payloadProject !== projectId) throw denied('project');
}

/**
 * Adding or changing a project's inputs or configurations counts as an update of the project. A transaction does it
 * before it writes the project's other rows: the row lock it takes orders the transaction behind (or ahead of) a
 * deletion of the project and the other changes to it. Writing a child row first takes a shared lock on the project
 * through its foreign key, and two such transactions, or one and a deletion, then each wait for the other's lock:
 * PostgreSQL ends one of them with a deadlock error. now() is the transaction's start either way.
 */
export async function touchProject(db: Db | Tx, projectId: number): Promise<void> {
  await db
    .update(projects)
    .set({ updatedAt: sql`now()` })
    .where(eq(projects.id, projectId));
}

/**
 * A change to a project's inputs or configurations, in one transaction: 404 unless the user may write the project,
 * then the project's updated_at (its row lock, see touchProject), then the change. Given a transaction, the change is
 * part of it (a savepoint), so a caller can make several changes one.
 */
export function changeProject<T>(db: Db | Tx, userId: number, projectId: number, change: (tx: Tx) => Promise<T>) {
  return db.transaction(async (tx) => {
    const touched = await tx
      .update(projects)
      .set({ updatedAt: sql`now()` })
      .where(allows(userId, 'write', 'project', projectId))
      .returning({ id: projects.id });
    allowedRow(touched, 'project');
    return change(tx);
  });
}
