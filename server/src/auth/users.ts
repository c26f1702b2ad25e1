import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';

/** Finds the user by e-mail or creates it; a Google subject is remembered the first time it is seen. */
export async function findOrCreateUser(db: Db, email: string, googleSub?: string) {
  const [row] = await db
    .insert(users)
    .values({ email, googleSub })
    .onConflictDoUpdate({
      target: users.email,
      set: { googleSub: sql`coalesce(${users.googleSub}, excluded.google_sub)` },
    })
    .returning({ id: users.id, email: users.email });
  return row;
}
