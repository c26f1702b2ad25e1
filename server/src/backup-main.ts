/**
 * `npm run backup -- <file>`: a consistent copy of the embedded database, taken while the server runs (or not).
 * `npm run restore -- <file> [--data-dir DIR]`: restores one into an empty data directory (DATA_DIR by default).
 */
import path from 'node:path';
import { KEY_FILE_NAME } from './api-keys/sealing.js';
import { keyReminder, restoreBackup, takeBackup, writeBackupFile } from './backup/backup.js';
import { loadConfigOrExit } from './config.js';
import { DataDirError } from './db/data-dir.js';

const [command, file, ...rest] = process.argv.slice(2);
const usage = 'usage: npm run backup -- <file>  |  npm run restore -- <file> [--data-dir DIR]';

async function main() {
  if (!file || (command !== 'backup' && command !== 'restore')) throw new DataDirError(usage);
  const config = loadConfigOrExit();
  if (command === 'backup') {
    const copy = await takeBackup(config);
    writeBackupFile(file, copy);
    console.log(
      `Backed up the embedded database of ${config.dataDir} to ${path.resolve(file)} (${copy.byteLength} bytes).`,
    );
    console.warn(keyReminder(config));
    return;
  }
  const flag = rest.indexOf('--data-dir');
  const dataDir = path.resolve((flag >= 0 ? rest.at(flag + 1) : undefined) ?? config.dataDir);
  await restoreBackup(file, dataDir);
  console.log(`Restored ${path.resolve(file)} into ${dataDir}. Start the server with DATA_DIR=${dataDir}.`);
  console.warn(
    `Put the key kept with this backup at ${path.join(dataDir, KEY_FILE_NAME)} (or set APP_ENCRYPTION_KEY): ` +
      'without it, the provider keys in it cannot be read.',
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof DataDirError ? error.message : error);
    process.exit(1);
  },
);
