import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ROUTES } from '@promptgrid/contract';
import { KEY_FILE_NAME } from '../api-keys/sealing.js';
import type { Config } from '../config.js';
import { openDatabase } from '../db/client.js';
import { openConfiguredDatabase } from '../db/open.js';
import { DataDirError } from '../db/data-dir.js';
import { readBackupToken } from './backup-token.js';

/** What a backup does not hold, said each time one is taken: without the key, sealed provider keys cannot be read. */
export function keyReminder(config: Config) {
  return config.encryptionKey
    ? 'Keep APP_ENCRYPTION_KEY with this backup: the provider keys in it are sealed with it and cannot be read without it.'
    : `Keep ${path.join(config.dataDir, KEY_FILE_NAME)} (or set APP_ENCRYPTION_KEY) with this backup: the ` +
        'provider keys in it are sealed with that key and cannot be read without it.';
}

/** Where a server listening on `host` is reached from this machine. */
const loopbackFor = (host: string) => (host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host);

/** A copy from the server that holds the embedded database, asked over loopback with the token it left in DATA_DIR. */
export async function backupFromServer(config: Pick<Config, 'dataDir' | 'host' | 'port'>): Promise<Uint8Array> {
  const token = readBackupToken(config.dataDir);
  if (!token) throw new DataDirError(`No running server left a backup token in ${config.dataDir}.`);
  const host = loopbackFor(config.host);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.port}${ROUTES.backup}`;
  let response: Response;
  try {
    response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  } catch {
    throw new DataDirError(
      `${config.dataDir} is in use, but no Promptgrid server answers on ${url}: run the backup with the server's ` +
        'HOST and PORT, or stop the process that holds the data directory.',
    );
  }
  if (!response.ok)
    throw new DataDirError(`The server refused the backup (${response.status}): ${await response.text()}`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * A consistent copy of the embedded database: from the running server when one holds it, else opened here (locked
 * meanwhile, so no server starts on it halfway).
 */
export async function takeBackup(config: Config): Promise<Uint8Array> {
  if (config.databaseUrl)
    throw new DataDirError('DATABASE_URL is set: back PostgreSQL up with pg_dump (see docs/operating.md, Backups).');
  let database;
  try {
    database = await openConfiguredDatabase(config);
  } catch (error) {
    if (error instanceof DataDirError && /in use/.test(error.message)) return backupFromServer(config);
    throw error;
  }
  try {
    if (!database.backup) throw new DataDirError('This database cannot be copied by Promptgrid.');
    return await database.backup();
  } finally {
    await database.close();
  }
}

/**
 * Writes a backup that only its owner can read, also over an existing file: writing into that file would keep its mode
 * (0644, say), and a backup holds every user's data. The copy goes to a new file created 0600 in the same folder,
 * which then takes the target's name in one step.
 */
export function writeBackupFile(file: string, copy: Uint8Array) {
  const suffix = `${process.pid}-${crypto.randomBytes(4).toString('hex')}.tmp`;
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${suffix}`);
  try {
    fs.writeFileSync(temporary, copy, { mode: 0o600, flag: 'wx' });
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * Restores a backup into `dataDir`, which must be empty or absent (a restore never mixes with data already there),
 * then opens it once so that the migrations of this build run on it.
 */
export async function restoreBackup(file: string, dataDir: string) {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0)
    throw new DataDirError(`${dataDir} is not empty: restore into a new or empty data directory.`);
  const tarball = new Blob([fs.readFileSync(file)]);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const pgliteDir = path.join(dataDir, 'pglite');
  const loaded = new PGlite({ dataDir: pgliteDir, loadDataDir: tarball });
  await loaded.waitReady;
  await loaded.close();
  const migrated = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
  await migrated.close();
}
