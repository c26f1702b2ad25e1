import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { returnedRow } from '../db/rows.js';
import type { GoogleIdentity } from './google.js';

const userColumns = { id: users.id, email: users.email };

/** Finds the user by e-mail or creates it (dev sign-in). */
export async function findOrCreateUser(db: Db, email: string) {
  const row = returnedRow(
    await db
      .insert(users)
      .values({ email })
      .onConflictDoUpdate({ target: users.email, set: { email } })
      .returning(userColumns),
  );
  return row;
}

async function findUserByGoogleSub(db: Db, sub: string) {
  const [row] = await db.select(userColumns).from(users).where(eq(users.googleSub, sub));
  return row ?? null;
}

/** Links a Google subject to the user with this e-mail, only if that user has none yet. */
async function linkGoogleSubByEmail(db: Db, email: string, sub: string) {
  const [row] = await db
    .update(users)
    .set({ googleSub: sub })
    .where(and(eq(users.email, email), isNull(users.googleSub)))
    .returning(userColumns);
  return row ?? null;
}

async function insertGoogleUser(db: Db, email: string, sub: string) {
  const [row] = await db.insert(users).values({ email, googleSub: sub }).onConflictDoNothing().returning(userColumns);
  return row ?? null;
}

/**
 * The user of a Google account: matched by its subject, which never changes, not by its e-mail, which Google may
 * later give to someone else. The e-mail links an account only the first time (a user made by dev sign-in or
 * before subjects were kept); an e-mail already linked to another subject is refused (null).
 */
export async function findOrLinkGoogleUser(db: Db, identity: GoogleIdentity) {
  const found =
    (await findUserByGoogleSub(db, identity.sub)) ??
    (await linkGoogleSubByEmail(db, identity.email, identity.sub)) ??
    (await insertGoogleUser(db, identity.email, identity.sub));
  // Nothing inserted: the e-mail belongs to a user linked to another subject, or a concurrent sign-in of this same
  // account has just linked it.
  return found ?? findUserByGoogleSub(db, identity.sub);
}
