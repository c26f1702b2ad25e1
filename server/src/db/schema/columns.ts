import { integer, serial, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** A timestamp with time zone, read as a Date. */
export const timestampTz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => timestampTz('created_at').notNull().defaultNow();
export const updatedAt = () => timestampTz('updated_at').notNull().defaultNow();

export const serialId = () => serial('id').primaryKey();

/** A required reference to the row this one belongs to: deleting that row deletes this one. */
export const ownedBy = (name: string, parent: () => AnyPgColumn) =>
  integer(name).notNull().references(parent, { onDelete: 'cascade' });
