import fp from 'fastify-plugin';
import type { Database, Db } from './client.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open database, embedded or PostgreSQL; whoever opened it (main.ts, a test) closes it after the app. */
    database: Database;
    /** Drizzle over `database`, for the queries that Drizzle expresses. */
    db: Db;
  }
}

/** Hands the app the database its caller opened; every route, service and worker reads it from here. */
export const databasePlugin = fp<{ database: Database }>(
  async (app, { database }) => {
    app.decorate('database', database);
    app.decorate('db', database.db);
  },
  { name: 'promptgrid-database' },
);
