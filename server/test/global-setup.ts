import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuilt } from '../../scripts/server-build.mjs';
import { ensureMigratedPgliteTemplate } from './pglite-template.js';

/**
 * Once per run, before test files start in parallel: the server processes the suite starts run the current build, and
 * the migrated PGlite template every test database opens is made (else each file would race to make it).
 */
export default async function setup() {
  ensureServerBuilt(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'));
  await ensureMigratedPgliteTemplate();
}
