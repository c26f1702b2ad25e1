// When a build is stale: the web build's sources are web/ and packages/contract/src (node_modules and dist aside).
import fs from 'node:fs';
import path from 'node:path';

export function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** The newest modification time (ms) of a file the web build in `root` is made from. */
export function webSourcesMtime(root) {
  return Math.max(newestMtime(path.join(root, 'web')), newestMtime(path.join(root, 'packages/contract/src')));
}
