import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuilt } from '../../scripts/server-build.mjs';

/** Once per run, before test files start in parallel: the server processes the suite starts run the current build. */
export default function setup() {
  ensureServerBuilt(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'));
}
