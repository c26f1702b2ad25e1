// The database schema, one file per part of the product; drizzle-kit reads it from here to make migrations.
export * from './schema/accounts.js';
export * from './schema/workspace.js';
export * from './schema/evaluations.js';
export * from './schema/verdicts.js';
