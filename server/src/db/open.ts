import path from 'node:path';
import type { Config } from '../config.js';
import { applyCatalog } from '../models/catalog.js';
import { openDatabase } from './client.js';

/** The database the config names, migrated, with the model catalog applied. */
export async function openConfiguredDatabase(config: Config, poolSize?: number) {
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize })
    : await openDatabase({
        kind: 'pglite',
        dataDir: path.join(config.dataDir, 'pglite'),
        // Nothing works without the database: stop, so that a supervisor restarts the server (runs resume).
        onCrash: (error) => {
          console.error(`The embedded database stopped: ${error.message}`);
          process.exit(1);
        },
      });
  await applyCatalog(database.db, config.modelsFile ?? undefined);
  return database;
}
