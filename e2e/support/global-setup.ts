import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ARTIFACTS_DIR, CHROMIUM_PATH, REPO_ROOT } from './paths';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Once per run: the browser must exist, and web/dist must be at least as new as the web and contract sources. */
export default function setup() {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: install Debian's chromium (apt-get install -y chromium); the suite never downloads browsers.`);
  }
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const dist = path.join(REPO_ROOT, 'web/dist/index.html');
  const sources = Math.max(newestMtime(path.join(REPO_ROOT, 'web')), newestMtime(path.join(REPO_ROOT, 'packages/contract/src')));
  if (process.env.E2E_SKIP_BUILD !== '1' && (!fs.existsSync(dist) || fs.statSync(dist).mtimeMs < sources)) {
    const started = Date.now();
    const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`npm run build -w web failed:\n${build.stdout}\n${build.stderr}`);
    console.log(`e2e: built web/dist in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
