import { stdSerializers } from 'pino';

type DatabaseErrorFields = {
  code?: unknown;
  message?: unknown;
  table?: unknown;
  column?: unknown;
  constraint?: unknown;
  query?: unknown;
  cause?: unknown;
  stack?: unknown;
};

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The PostgreSQL error inside whatever was thrown: pg's and PGlite's carry `code`; Drizzle wraps them as `cause`. */
function databaseError(error: unknown): DatabaseErrorFields | null {
  for (
    let e = error as DatabaseErrorFields | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as DatabaseErrorFields | undefined, depth++
  ) {
    if (typeof e.code === 'string' && SQLSTATE.test(e.code) && 'severity' in e) return e;
  }
  return null;
}

/** The SQLSTATE of a database error (e.g. '22P02'), or null when the error did not come from the database. */
export function sqlState(error: unknown): string | null {
  return (databaseError(error)?.code as string | undefined) ?? null;
}

/** Class 22, data exception: a value the database cannot store or convert (out of range, bad text, NUL). */
export const isDataException = (error: unknown) => sqlState(error)?.startsWith('22') ?? false;

/** 23503: the row a foreign key names is gone (deleted by a concurrent request). */
export const isForeignKeyViolation = (error: unknown) => sqlState(error) === '23503';

/**
 * A database error as the log may hold it: the statement and where it failed, never the values bound to it — Drizzle's
 * message lists them (prompt text, sealed keys). Data and constraint errors (classes 22, 23) quote the offending value
 * in their message and detail, so for those only the code and the names are kept.
 */
function loggableDatabaseError(error: Error, cause: DatabaseErrorFields) {
  const code = String(cause.code);
  const quotesValues = code.startsWith('22') || code.startsWith('23');
  const query = (error as { query?: unknown }).query ?? cause.query;
  return {
    type: 'DatabaseError',
    code,
    message: quotesValues ? `SQLSTATE ${code}` : String(cause.message),
    table: cause.table,
    column: cause.column,
    constraint: cause.constraint,
    query: typeof query === 'string' ? query : undefined,
    stack: String(error.stack ?? '')
      .split('\n')
      .filter((line) => line.startsWith('    at '))
      .join('\n'),
  };
}

/** pino's `err` serializer, with database errors reduced to what may be logged (see loggableDatabaseError). */
export function serializeError(error: Error) {
  const cause = databaseError(error);
  return cause ? loggableDatabaseError(error, cause) : stdSerializers.err(error);
}
