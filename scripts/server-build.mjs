// The server's build: server/src (TypeScript) bundled by esbuild into server/dist, which `npm start`, `npm run worker`,
// the tests' server processes and the benchmarks run with plain node. See docs/decisions/0007-compiled-server.md.
import fs from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { newestMtime } from './web-sources.mjs';

/**
 * Packages bundled into the build: the provider SDKs load in one file each when a run first needs them
 * (instead of hundreds of modules), and the contract is TypeScript. The rest stay node_modules imports: some read
 * files beside their code (PGlite's WebAssembly, pino's transports, the API reference's assets) or must be one copy.
 */
const BUNDLED = new Set(['@promptgrid/contract', 'openai', '@anthropic-ai/sdk']);

const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The newest modification time (ms) of a file the server build in `root` is made from. */
export function serverSourcesMtime(root) {
  return Math.max(newestMtime(path.join(root, 'server/src')), newestMtime(path.join(root, 'packages/contract/src')));
}

export function buildServer(root) {
  const server = path.join(root, 'server');
  const { dependencies } = JSON.parse(fs.readFileSync(path.join(server, 'package.json'), 'utf8'));
  const external = Object.keys(dependencies)
    .filter((name) => !BUNDLED.has(packageName(name)))
    .flatMap((name) => [name, `${name}/*`]);
  const outdir = path.join(server, 'dist');
  const { metafile } = buildSync({
    absWorkingDir: server,
    entryPoints: {
      main: 'src/main.ts',
      worker: 'src/worker-main.ts',
      backup: 'src/backup-main.ts',
      // The untrusted-work pool's threads load this one (server/src/untrusted-work/pool.ts).
      'untrusted-worker': 'src/untrusted-work/worker.ts',
    },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external,
    sourcemap: true,
    // The SDKs are CommonJS inside: their require() of Node's modules needs a real require in ESM.
    banner: {
      js: "import { createRequire as __serverCreateRequire } from 'node:module'; const require = __serverCreateRequire(import.meta.url);",
    },
    logLevel: 'warning',
    metafile: true,
  });
  // Chunks of earlier builds stay a day: a server started from one of them may still import its chunks lazily.
  const built = new Set(Object.keys(metafile.outputs).map((file) => path.resolve(server, file)));
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  for (const name of fs.readdirSync(outdir)) {
    const file = path.join(outdir, name);
    if (!built.has(file) && fs.statSync(file).mtimeMs < dayAgo) fs.rmSync(file);
  }
}

/** V8's flags that keep WebAssembly on Liftoff (decision 0011): the server's, and the server tests' (vitest.config.ts). */
export const WEBASSEMBLY_ON_LIFTOFF = ['--no-wasm-dynamic-tiering', '--no-wasm-tier-up'];

/**
 * Node's arguments that run a built entry point ('main' serves HTTP and runs evaluations, 'worker' only runs them).
 * Source maps are written but not loaded by default (they cost memory): NODE_OPTIONS=--enable-source-maps.
 * `--v8-pool-size=0` sizes V8's background threads (optimising compiler, GC helpers) to the cores less one instead of
 * Node's fixed 4, which on a small machine take the cores from the main thread and the database thread while a new
 * server compiles its hot code (docs/decisions/0010-first-run-after-start.md).
 * `--no-wasm-dynamic-tiering --no-wasm-tier-up` keeps WebAssembly (only the embedded database, PGlite, has any) on V8's
 * baseline compiler, Liftoff: recompiling PGlite's hot functions with TurboFan costs a new server's first run more CPU
 * than it ever gives back (decision 0011).
 * `--min-semi-space-size=16` starts V8's young generation at the 16 MB semi-spaces it grows to under load anyway, instead
 * of 1 MB, so a new server's first run spends less time collecting garbage, for a little more peak memory (decision 0012).
 * The measurements behind each: docs/performance.md.
 */
export const serverEntryArgs = (root, entry) => [
  '--v8-pool-size=0',
  ...WEBASSEMBLY_ON_LIFTOFF,
  '--min-semi-space-size=16',
  path.join(root, 'server/dist', `${entry}.js`),
];

/** Builds the server unless server/dist is at least as new as its sources; answers whether it built. */
export function ensureServerBuilt(root) {
  const marker = path.join(root, 'server/dist/main.js');
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= serverSourcesMtime(root)) return false;
  buildServer(root);
  return true;
}

// `node scripts/server-build.mjs`: build now.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const started = Date.now();
  buildServer(path.resolve(import.meta.dirname, '..'));
  console.log(`server built into server/dist in ${Date.now() - started} ms`);
}
