// Bundles the CLI into dist/promptgrid.mjs: the contract (a workspace, never published) is inlined, the npm
// dependencies stay imports.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const manifest = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));

await build({
  entryPoints: [path.join(here, 'src/cli.ts')],
  outfile: path.join(here, 'dist/promptgrid.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: Object.keys(manifest.dependencies ?? {}),
  logLevel: 'warning',
});
