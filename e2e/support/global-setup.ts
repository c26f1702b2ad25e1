import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, ensureServerBuilt } from '../../scripts/server-build.mjs';
import { webSourcesMtime } from '../../scripts/web-sources.mjs';
import { ensureMigratedPgliteTemplate } from '../../server/test/database-templates';
import { APP_ROOT_ENV, ARTIFACTS_DIR, CHROMIUM_PATH, DATABASE_TEMPLATE_ENV, REPO_ROOT } from './paths';

/** A build is usable when index.html exists and every script and stylesheet it names is there. */
function completeBuild(dist: string): boolean {
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) return false;
  const html = fs.readFileSync(index, 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].flatMap(([, asset]) => asset ?? []);
  return assets.length > 0 && assets.every((asset) => fs.existsSync(path.join(dist, asset)));
}

/**
 * Once per run: checks the browser, then freezes the app the suite tests. Others build web/dist and edit the
 * server while the suite runs (a rebuild swaps the asset names under a running server), so the server sources
 * and the web build are copied into a temp folder and every test server starts from that copy. A fresh
 * web/dist is copied; a stale one is rebuilt (`npm run build -w web`) straight into the copy, leaving web/dist alone;
 * the server is built from the copied sources.
 * E2E_LIVE_TREE=1 runs the servers from the working tree instead. The workers find the app's folder in
 * PROMPTGRID_E2E_APP_ROOT (a global setup's environment reaches them).
 * It also unpacks one migrated embedded database that every test server's DATA_DIR starts as a copy of.
 */
export default async function setup() {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `${CHROMIUM_PATH} is missing: install Debian's chromium (apt-get install -y chromium); the suite never downloads browsers.`,
    );
  }
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });

  if (process.env.E2E_LIVE_TREE === '1') {
    const dist = path.join(REPO_ROOT, 'web/dist');
    const sources = webSourcesMtime(REPO_ROOT);
    if (!completeBuild(dist) || fs.statSync(path.join(dist, 'index.html')).mtimeMs < sources) build([]);
    ensureServerBuilt(REPO_ROOT);
    process.env[APP_ROOT_ENV] = REPO_ROOT;
    const database = fs.mkdtempSync(path.join(os.tmpdir(), 'promptgrid-e2e-database-'));
    await unpackMigratedDatabase(REPO_ROOT, path.join(database, 'pglite'));
    return () => fs.rmSync(database, { recursive: true, force: true });
  }

  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'promptgrid-e2e-app-'));
  for (const file of ['package.json', 'tsconfig.json', 'tsconfig.base.json'])
    fs.copyFileSync(path.join(REPO_ROOT, file), path.join(root, file));
  fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'));
  fs.symlinkSync(path.join(REPO_ROOT, 'packages'), path.join(root, 'packages'));
  fs.mkdirSync(path.join(root, 'server'));
  fs.copyFileSync(path.join(REPO_ROOT, 'server/package.json'), path.join(root, 'server/package.json'));
  fs.cpSync(path.join(REPO_ROOT, 'server/src'), path.join(root, 'server/src'), {
    recursive: true,
    filter: (source) => !source.endsWith('.test.ts'),
  });
  if (fs.existsSync(path.join(REPO_ROOT, 'server/node_modules'))) {
    fs.symlinkSync(path.join(REPO_ROOT, 'server/node_modules'), path.join(root, 'server/node_modules'));
  }

  const dist = path.join(REPO_ROOT, 'web/dist');
  const target = path.join(root, 'web/dist');
  const sources = webSourcesMtime(REPO_ROOT);
  const fresh = completeBuild(dist) && fs.statSync(path.join(dist, 'index.html')).mtimeMs >= sources;
  if (fresh) fs.cpSync(dist, target, { recursive: true });
  if (!fresh || !completeBuild(target)) build(['--', '--outDir', target, '--emptyOutDir']);

  buildServer(root); // from the copied sources, into the copy's server/dist
  await unpackMigratedDatabase(root, path.join(root, 'database/pglite'));

  process.env[APP_ROOT_ENV] = root;
  return () => fs.rmSync(root, { recursive: true, force: true });
}

/**
 * A server on an empty DATA_DIR makes its embedded database (initdb's output unpacked in a child process) and runs
 * every migration: about half of a journey file's server start. Each test server instead starts on a copy of this
 * directory, made once per run from the unit suite's migrated template (the same migrations' output); the server
 * still runs its migrator and catalog on it and finds them done. Starting on an empty DATA_DIR is what the server
 * tests (start, data-dir) cover.
 */
async function unpackMigratedDatabase(appRoot: string, target: string) {
  const template = await ensureMigratedPgliteTemplate();
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const result = spawnSync(
    process.execPath,
    [path.join(appRoot, 'server/src/db/create-pglite.mjs'), 'create', target, template],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`unpacking the migrated database failed:\n${result.stderr}`);
  process.env[DATABASE_TEMPLATE_ENV] = target;
}

function build(extra: string[]) {
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '-w', 'web', ...extra], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`npm run build -w web failed:\n${result.stdout}\n${result.stderr}`);
  console.log(`e2e: built the web app in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
