// `npm start` (or `npm run worker`: `node scripts/start.mjs worker`; `npm run backup`/`restore`): build the web app and the server if missing or
// older than their sources, then run the built server with plain node.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureServerBuilt, serverEntryArgs } from './server-build.mjs';
import { webSourcesMtime } from './web-sources.mjs';

const root = path.resolve(import.meta.dirname, '..');
// `worker` runs only the queue; `backup` and `restore` copy the embedded database (server/src/backup-main.ts).
const command = process.argv[2];
const entry = command === 'worker' ? 'worker' : command === 'backup' || command === 'restore' ? 'backup' : 'main';
const args = process.argv.slice(entry === 'worker' ? 3 : 2);

const dist = path.join(root, 'web/dist/index.html');
if (entry === 'main' && (!fs.existsSync(dist) || fs.statSync(dist).mtimeMs < webSourcesMtime(root))) {
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
ensureServerBuilt(root);

const server = spawn(process.execPath, [...serverEntryArgs(root, entry), ...args], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
