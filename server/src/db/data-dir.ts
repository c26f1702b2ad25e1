import fs from 'node:fs';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

/** A problem with DATA_DIR that stops the server; its message is one line that says what to do. */
export class DataDirError extends Error {}

const LOCK_FILE = 'promptgrid.lock';

/**
 * Makes DATA_DIR private to this user: created 0700, and every directory under it 0700 and file 0600, fixing what an
 * earlier version or the database template left readable by others. From here on this process creates files 0600
 * (umask), including the embedded database's, which it unpacks and writes itself.
 */
export function makePrivate(dataDir: string) {
  if (isMainThread) process.umask(0o077);
  try {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    fs.accessSync(dataDir, fs.constants.W_OK);
    restrictModes(dataDir);
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    throw new DataDirError(
      code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
        ? `DATA_DIR ${dataDir} is not writable by this user (${code}): choose another DATA_DIR or fix its owner.`
        : `DATA_DIR ${dataDir} cannot be used: ${message}`,
    );
  }
}

function restrictModes(dir: string) {
  if ((fs.statSync(dir).mode & 0o777) !== 0o700) fs.chmodSync(dir, 0o700);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) restrictModes(file);
    else if (entry.isFile() && (fs.statSync(file).mode & 0o777) !== 0o600) fs.chmodSync(file, 0o600);
  }
}

/** Whether `pid` is a running process that could be a Promptgrid server (not a pid reused by something else). */
function isAlive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true; // no /proc (e.g. macOS): trust the signal check
  }
}

/**
 * Takes DATA_DIR for this process alone: the embedded database is one process's files, and a second server or worker
 * on them loses data. The lock is a file holding the owner's pid, made with O_EXCL; a lock left by a process that no
 * longer runs (killed, crashed) is taken over. It is removed when this process exits.
 */
export function lockDataDir(dataDir: string) {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      process.once('exit', () => releaseLock(file));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
    if (Number.isInteger(owner) && isAlive(owner)) {
      throw new DataDirError(
        `DATA_DIR ${dataDir} is in use by another Promptgrid server or worker (pid ${owner}): stop ` +
          `it first, or use PostgreSQL (DATABASE_URL) to run several.`,
      );
    }
    fs.rmSync(file, { force: true }); // stale: its process is gone
  }
  throw new DataDirError(`DATA_DIR ${dataDir}: could not take its lock file ${file}.`);
}

function releaseLock(file: string) {
  try {
    if (Number.parseInt(fs.readFileSync(file, 'utf8'), 10) === process.pid) fs.rmSync(file);
  } catch {
    // already gone
  }
}
