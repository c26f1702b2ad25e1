import path from 'node:path';
import type { Config } from '../config.js';
import { applyCatalog } from '../models/catalog.js';
import { openDatabase } from './client.js';
import { DataDirError, lockDataDir, makePrivate } from './data-dir.js';

/**
 * The database the config names, migrated, with the model catalog applied. DATA_DIR, where it is used (the embedded
 * database, or the generated encryption key), is made private first, and the embedded database's locked to this process.
 */
export async function openConfiguredDatabase(config: Config, poolSize?: number) {
  if (!config.databaseUrl || !config.encryptionKey) makePrivate(config.dataDir);
  if (!config.databaseUrl) lockDataDir(config.dataDir);
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
  // A new embedded database is unpacked from its template with the template's modes (0666): made private again.
  if (database.kind === 'pglite') makePrivate(config.dataDir);
  await applyCatalog(database.db, config.modelsFile ?? undefined);
  return database;
}

/** For the server and worker entry points: the database, or DATA_DIR's one-line problem and exit code 1. */
export async function openConfiguredDatabaseOrExit(config: Config) {
  try {
    return await openConfiguredDatabase(config);
  } catch (error) {
    if (!(error instanceof DataDirError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
