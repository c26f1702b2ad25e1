import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The secret a running server asks of `npm run backup` before it hands over a copy of its embedded database: a file
 * in DATA_DIR, readable only by the server's user, so only who can already read the data directory can take a copy.
 */
const tokenFile = (dataDir: string) => path.join(dataDir, 'backup-token');

/** A new token for this server's run, written where the backup command reads it. */
export function issueBackupToken(dataDir: string): string {
  const token = crypto.randomBytes(32).toString('base64url');
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(tokenFile(dataDir), `${token}\n`, { mode: 0o600 });
  return token;
}

export function readBackupToken(dataDir: string): string | null {
  try {
    return fs.readFileSync(tokenFile(dataDir), 'utf8').trim();
  } catch {
    return null;
  }
}
